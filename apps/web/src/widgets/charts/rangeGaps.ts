import { toRetailConditions } from '@sitelens/domain';
import type { WidgetContext } from '../core/widgetContext.ts';
import type { ChartCategory, ChartData } from './chartData.ts';

/** A date range of the page as epoch ms [begin, end). */
export type DateRange = readonly [number, number];

/** The page's date ranges in the site's business days (what the widget's requests ask), earliest first. */
export function pageDateRanges(context: Pick<WidgetContext, 'filters' | 'site'>): DateRange[] {
  return toRetailConditions(context.filters, context.site, [])
    .filter((c) => c.type === 'date' && c.dateBegin && c.dateEnd)
    .map((c): DateRange => [Date.parse(c.dateBegin!), Date.parse(c.dateEnd!)])
    .sort((a, b) => a[0] - b[0]);
}

const GAP_ID = 'gap:';

/** Whether a category is the blank that separates two date ranges. */
export const isRangeGap = (category: ChartCategory): boolean => category.id.startsWith(GAP_ID);

/**
 * Time buckets of several date ranges (a custom timespan of two weeks a year apart) with a blank
 * category between each range and the next: a line stops at the end of one range and starts again
 * at the next, and bars leave a space, where a line drawn straight across would show a trend over
 * days nobody asked about. One range (or none), or buckets that are not times: the data as it is.
 */
export function withRangeGaps(data: ChartData, ranges: readonly DateRange[]): ChartData {
  if (!data.time || ranges.length < 2) return data;
  const rangeOf = (t: number | null) => (t === null ? -1 : ranges.findIndex(([begin, end]) => t >= begin && t < end));
  const categories: ChartCategory[] = [];
  const from: number[] = [];
  data.categories.forEach((c, i) => {
    const previous = data.categories[i - 1];
    if (previous && rangeOf(previous.t) !== rangeOf(c.t)) {
      categories.push({ id: `${GAP_ID}${i}`, label: '', t: null });
      from.push(-1);
    }
    categories.push(c);
    from.push(i);
  });
  if (categories.length === data.categories.length) return data;
  return {
    ...data,
    categories,
    series: data.series.map((s) => ({ ...s, values: from.map((i) => (i < 0 ? null : (s.values[i] ?? null))) })),
    runningFrom: data.runningFrom === null ? null : from.indexOf(data.runningFrom),
  };
}
