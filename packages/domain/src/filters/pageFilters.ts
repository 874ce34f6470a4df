import type { FilterPageKind, FilterTagCategory } from './filterState.ts';

/** Which audience filters a page offers: only those its metrics can use. */
export interface PageAudience {
  gender: boolean;
  engagement: boolean;
  /** Tag categories (brand, region, ...): tags mark zones, and only zone-read metrics can use them. */
  categories: boolean;
}

/**
 * People counting splits visitors by gender and engagement and reads zones, which carry tags; air
 * quality and energy are read from sensors and meters, which carry none of the three. Custom pages
 * mix widgets and keep them all.
 */
export function pageAudience(pageKind: FilterPageKind): PageAudience {
  const people = pageKind === 'counting' || pageKind === 'custom';
  return { gender: people, engagement: people, categories: people };
}

/** The category named "topology" marks internal tags (spec 001 §3): never a user's filter. */
export const isInternalCategory = (category: Pick<FilterTagCategory, 'name'>) => category.name.trim().toLowerCase() === 'topology';

/** The tag categories a page offers: none where tags cannot apply, never the internal one, none without tags. */
export function pageTagCategories(pageKind: FilterPageKind, categories: readonly FilterTagCategory[]): FilterTagCategory[] {
  if (!pageAudience(pageKind).categories) return [];
  return categories.filter((c) => c.tags.length > 0 && !isInternalCategory(c));
}
