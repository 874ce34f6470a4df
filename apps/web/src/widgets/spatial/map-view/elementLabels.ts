import type { MapElement } from '@sitelens/domain';

export type LabelChoice = 'product' | 'zone';

export interface SiteNames {
  zones: ReadonlyMap<number, { name: string; isDeleted?: boolean }>;
  passages: ReadonlyMap<number, string>;
  tags: ReadonlyMap<number, string>;
  /** "This zone has been deleted" in the user's language. */
  deletedZone: string;
}

/** The product shown on a spot: its tag's name, else the name drawn in the plan. */
function productName(element: MapElement, names: SiteNames): string | undefined {
  return (element.tagId !== undefined ? names.tags.get(element.tagId) : undefined) ?? element.tooltip?.title ?? element.name;
}

/** The zone or passage the spot counts, as the site names it. */
function targetName(element: MapElement, names: SiteNames): string | undefined {
  if (element.zoneId !== undefined) {
    const zone = names.zones.get(element.zoneId);
    if (zone?.isDeleted) return names.deletedZone;
    return zone?.name;
  }
  if (element.passageId !== undefined) return names.passages.get(element.passageId);
  return undefined;
}

/** An element's label under the chosen naming, falling back on the other one, then on its target id. */
export function elementLabel(element: MapElement, choice: LabelChoice, names: SiteNames): string {
  const product = productName(element, names);
  const target = targetName(element, names);
  const first = choice === 'product' ? (product ?? target) : (target ?? product);
  return first ?? (element.zoneId !== undefined ? `#${element.zoneId}` : element.passageId !== undefined ? `#${element.passageId}` : '');
}

/** The choice is worth offering only when some element reads differently under the two namings. */
export function labelChoiceMatters(elements: MapElement[], names: SiteNames): boolean {
  return elements.some((e) => elementLabel(e, 'product', names) !== elementLabel(e, 'zone', names));
}
