import type { AppliedFilters, Widget } from '@sitelens/domain';

/**
 * The zone whose floor plan the widget draws: a "specific" widget's own zone, else the page's zone
 * filter (unless ignored), else the widget's zone, else the site's top zone.
 */
export function mapZoneId(
  widget: Pick<Widget, 'category' | 'zoneIds' | 'ignoredFilters'>,
  filters: Pick<AppliedFilters, 'zoneId'>,
  zones: ReadonlyArray<{ id: number; parentIds: number[] }>,
): number | null {
  const own = widget.zoneIds[0];
  if (widget.category === 'specific' && own !== undefined) return own;
  if (!widget.ignoredFilters.includes('zone') && filters.zoneId) return filters.zoneId;
  if (own !== undefined) return own;
  return zones.find((z) => z.parentIds.length === 0)?.id ?? null;
}
