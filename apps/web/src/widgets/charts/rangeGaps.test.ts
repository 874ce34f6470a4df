import { describe, expect, it } from 'vitest';
import { cartesianOption } from './cartesianOption.ts';
import { chartData } from './chartData.ts';
import { pageDateRanges, withRangeGaps } from './rangeGaps.ts';
import { result, testEnv, testWidget } from './testFixtures.ts';

const day = (iso: string, value: number) => ({ t: `${iso}T23:00:00.000Z`, key: null, value });
// Two weeks a year apart, as a custom timespan of two ranges asks them (daily buckets at 00:00 Paris).
const ranges = [
  [Date.parse('2025-03-02T23:00:00Z'), Date.parse('2025-03-05T23:00:00Z')],
  [Date.parse('2026-03-01T23:00:00Z'), Date.parse('2026-03-04T23:00:00Z')],
] as const;
const answer = [
  result('visitorsIn', [
    { key: 'all', label: 'all', points: [day('2025-03-02', 10), day('2025-03-03', 11), day('2025-03-04', 12), day('2026-03-01', 20), day('2026-03-02', 21), day('2026-03-03', 22)] },
  ]),
];
const widget = testWidget('lineChart', [{ type: 'visitorsIn', granularity: 86400 }]);

describe('withRangeGaps', () => {
  it('puts a blank between two date ranges, so a line stops and starts again', () => {
    const data = withRangeGaps(chartData(widget, answer, testEnv()), ranges);
    expect(data.categories.map((c) => c.label)).toEqual(['03/03/2025', '04/03/2025', '05/03/2025', '', '02/03/2026', '03/03/2026', '04/03/2026']);
    expect(data.series[0]!.values).toEqual([10, 11, 12, null, 20, 21, 22]);
  });

  it('leaves one range as it is', () => {
    const data = chartData(widget, answer, testEnv());
    expect(withRangeGaps(data, ranges.slice(0, 1))).toBe(data);
  });

  it('keeps the running bucket on its category', () => {
    const data = chartData(widget, answer, testEnv({ now: Date.parse('2026-03-03T12:00:00Z') }));
    expect(data.runningFrom).toBe(4);
    expect(withRangeGaps(data, ranges).runningFrom).toBe(5);
  });

  it('draws the gap in the line chart: no value, no line across it', () => {
    const option = cartesianOption('lineChart', widget, chartData(widget, answer, testEnv()), testEnv({ dateRanges: ranges }), { width: 800, height: 400 }) as {
      series: Array<{ data: unknown[]; connectNulls?: boolean }>;
      xAxis: Array<{ data: string[] }>;
    };
    expect(option.xAxis[0]!.data).toHaveLength(7);
    const drawn = option.series[0]!;
    expect(drawn.connectNulls).not.toBe(true);
    expect(drawn.data[3]).toBeNull();
  });
});

describe('pageDateRanges', () => {
  it('reads the page timespans as the business days the requests ask, earliest first', () => {
    const site = { timezone: 'Europe/Paris', changeOfDayTime: '00:00' };
    const filters = { timespans: [{ label: 'b', dateBegin: '2026-03-02', dateEnd: '2026-03-04' }, { label: 'a', dateBegin: '2025-03-03', dateEnd: '2025-03-05' }] };
    expect(pageDateRanges({ filters: filters as never, site: site as never })).toEqual(ranges);
  });
});
