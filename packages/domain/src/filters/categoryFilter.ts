// Gender, engagement and tag-category filters (spec 001 §3-§4): one value each; All (or a
// category's root) means no condition.
import type { Engagement, Gender } from './appliedFilters.ts';
import type { FilterContext, FilterState } from './filterState.ts';

export const GENDERS: readonly Gender[] = ['ALL', 'MALE', 'FEMALE'];
export const ENGAGEMENTS: readonly Engagement[] = ['ALL', 'ENGAGED', 'NOT_ENGAGED'];

export const isGender = (v: unknown): v is Gender => GENDERS.includes(v as Gender);
export const isEngagement = (v: unknown): v is Engagement => ENGAGEMENTS.includes(v as Engagement);

/** Chooses a tag of a category, or its root (null: All). A tag not in that category changes nothing. */
export function selectCategoryTag(state: FilterState, categoryId: number, tagId: number | null, ctx: Pick<FilterContext, 'categories'>): FilterState {
  const category = ctx.categories.find((c) => c.id === categoryId);
  if (!category) return state;
  const categories = { ...state.categories };
  if (tagId == null) delete categories[categoryId];
  else if (category.tags.some((t) => t.id === tagId)) categories[categoryId] = tagId;
  else return state;
  return { ...state, categories };
}

/** The category a tag belongs to, or null. */
export function categoryOfTag(tagId: number, ctx: Pick<FilterContext, 'categories'>): number | null {
  return ctx.categories.find((c) => c.tags.some((t) => t.id === tagId))?.id ?? null;
}
