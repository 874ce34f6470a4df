import { type AlertLogEntry, type AppliedFilters, type FilterSite, type Widget, businessDayRange } from '@sitelens/domain';

export interface AlertLogFilter {
  zoneIds?: number[];
  /** [begin, end] as ISO instants. */
  dates?: [string, string];
}

/**
 * What the alert log asks for: a specific widget's own zones, else the page's zone (unless the
 * widget ignores it), else its zones, else every zone; dates from the first business day of the
 * page's timespans to the end of the last (the server takes one range; the gaps are dropped after).
 */
export function alertLogFilter(widget: Pick<Widget, 'category' | 'zoneIds' | 'ignoredFilters'>, filters: AppliedFilters, site: FilterSite): AlertLogFilter {
  const out: AlertLogFilter = {};
  const pageZone = filters.zoneId && !widget.ignoredFilters.includes('zone') ? filters.zoneId : null;
  if (widget.category === 'specific' && widget.zoneIds.length) out.zoneIds = widget.zoneIds;
  else if (pageZone) out.zoneIds = [pageZone];
  else if (widget.zoneIds.length) out.zoneIds = widget.zoneIds;
  const ranges = dateRanges(filters, site);
  if (!widget.ignoredFilters.includes('date') && ranges.length) {
    const begin = Math.min(...ranges.map((r) => r[0]));
    const end = Math.max(...ranges.map((r) => r[1]));
    out.dates = [new Date(begin).toISOString(), new Date(end).toISOString()];
  }
  return out;
}

function dateRanges(filters: AppliedFilters, site: FilterSite): Array<[number, number]> {
  return filters.timespans.map((r) => [
    businessDayRange(r.dateBegin, site.timezone, site.changeOfDayTime)[0],
    businessDayRange(r.dateEnd, site.timezone, site.changeOfDayTime)[1],
  ]);
}

const ms = (d: string | number | null | undefined) => (d === null || d === undefined ? null : typeof d === 'number' ? d : Date.parse(d));

/**
 * The entries the widget shows: those of its alerts (all when it names none) whose episode overlaps
 * one of the page's ranges (an open episode lasts until now).
 */
export function keepAlertEntries<E extends AlertLogEntry>(
  entries: readonly E[],
  widget: Pick<Widget, 'alertIds' | 'ignoredFilters'>,
  filters: AppliedFilters,
  site: FilterSite,
  now: number,
): E[] {
  const alerts = new Set(widget.alertIds);
  const ranges = widget.ignoredFilters.includes('date') ? [] : dateRanges(filters, site);
  return entries.filter((e) => {
    if (alerts.size && (e.alertId === null || !alerts.has(e.alertId))) return false;
    if (!ranges.length) return true;
    const begin = ms(e.dateBegin) ?? 0;
    const end = ms(e.dateEnd) ?? now;
    return ranges.some(([a, b]) => begin < b && end >= a);
  });
}
