import { describe, expect, it } from 'vitest';
import { MAX_INITIAL_SERIES, metricDefinition } from '@sitelens/domain';
import { cartesianOption } from './cartesianOption.ts';
import { chartData } from './chartData.ts';
import { hourly, result, testEnv, testWidget } from './testFixtures.ts';

type Opt = Record<string, any>;
const build = (type: Parameters<typeof cartesianOption>[0], widget: ReturnType<typeof testWidget>, results: ReturnType<typeof result>[], env = testEnv(), width = 0) =>
  cartesianOption(type, widget, chartData(widget, results, env), env, { width, height: 400 }) as Opt;

const visitors = result('visitorsIn', [hourly('all', 'all', [10, 25, 40, null])]);

describe('cartesianOption', () => {
  it('draws the running hour dashed and labelled "so far", never as a fall beside complete hours', () => {
    // Hours from 07:00 UTC; at 09:20 the 09:00 bucket is still running.
    const env = testEnv({ now: Date.parse('2026-03-02T09:20:00.000Z') });
    const option = build('lineChart', testWidget('lineChart', ['visitorsIn']), [result('visitorsIn', [hourly('all', 'all', [900, 1700, 40])])], env);
    const solid = option.series.find((s: Opt) => !s.id.endsWith(':soFar'));
    const running = option.series.find((s: Opt) => s.id.endsWith(':soFar'));
    expect(solid.data).toEqual([900, 1700, null]);
    expect(running.lineStyle.type).toBe('dashed');
    expect(running.data).toEqual([null, 1700, { value: 40, label: expect.objectContaining({ show: true, formatter: 'so far' }) }]);
    // Finished hours only: one plain line.
    const done = build('lineChart', testWidget('lineChart', ['visitorsIn']), [result('visitorsIn', [hourly('all', 'all', [900, 1700, 40])])], testEnv({ now: Date.parse('2026-03-02T11:00:00.000Z') }));
    expect(done.series).toHaveLength(1);
  });

  it('writes "so far" on the side away from the line coming into the running point, inside the chart, both ways', () => {
    const env = testEnv({ now: Date.parse('2026-03-02T09:20:00.000Z') });
    const soFar = (values: number[], rtl = false) => {
      const option = build('lineChart', testWidget('lineChart', ['visitorsIn']), [result('visitorsIn', [hourly('all', 'all', values)])], { ...env, rtl }, 700);
      return option.series.find((s: Opt) => s.id.endsWith(':soFar')).data.at(-1).label;
    };
    // Coming down into a point with room under it: below the point, the text ending at the point.
    expect(soFar([900, 1700, 1000])).toMatchObject({ position: 'bottom', align: 'right' });
    expect(soFar([900, 1700, 1000], true)).toMatchObject({ position: 'bottom', align: 'left' });
    // Climbing into it: above.
    expect(soFar([900, 1000, 1700])).toMatchObject({ position: 'top', align: 'right' });
    // A fall onto the time axis: above the point, lifted clear of the line.
    expect(soFar([900, 1700, 0])).toMatchObject({ position: 'top', align: 'right' });
    expect(soFar([900, 1700, 0]).distance).toBeGreaterThan(20);
    // A steep fall onto the axis (a day of hours): beside the point on the line's side (right-to-left time runs leftwards), moved up into the plot.
    const day = [...Array.from({ length: 11 }, () => 1700), 0];
    env.now = Date.parse('2026-03-02T18:20:00.000Z');
    expect(soFar(day)).toMatchObject({ position: 'left', offset: [0, -7] });
    expect(soFar(day, true)).toMatchObject({ position: 'right', offset: [0, -7] });
  });

  it('writes "so far" clear of the other lines into the running hour', () => {
    const env = testEnv({ now: Date.parse('2026-03-02T09:20:00.000Z') });
    const widget = testWidget('lineChart', ['visitorsIn', 'visitorsOut']);
    const option = build('lineChart', widget, [result('visitorsIn', [hourly('all', 'all', [900, 1700, 1000])]), result('visitorsOut', [hourly('all', 'all', [900, 1600, 900])])], env, 700);
    const label = option.series.find((s: Opt) => s.id.endsWith(':soFar')).data.at(-1).label;
    // Alone it would go under its point (above), where visitors out now runs: it goes above them both.
    expect(label).toMatchObject({ position: 'top' });
  });

  it("draws the running day pale and labelled 'so far' in a chart of days", () => {
    const days = { key: 'all', label: 'all', points: ['2026-03-01', '2026-03-02', '2026-03-03'].map((d, i) => ({ t: `${d}T00:00:00.000Z`, key: null, value: [500, 480, 120][i]! })) };
    const widget = testWidget('columnChart', [{ type: 'visitorsIn', granularity: 86_400, groupBy: { type: 'date', aggregation: 'sum' } }]);
    const option = build('columnChart', widget, [result('visitorsIn', [days])], testEnv({ now: Date.parse('2026-03-03T10:00:00.000Z') }));
    expect(option.series).toHaveLength(1);
    expect(option.series[0].data.slice(0, 2)).toEqual([500, 480]);
    // Pale by its fill, so that its label keeps full strength, centred over the bar on a light ground.
    const running = option.series[0].data[2];
    expect(running).toMatchObject({ value: 120, itemStyle: { color: expect.stringMatching(/^rgba\(\d+, \d+, \d+, 0\.35\)$/) }, label: { formatter: 'so far', position: 'top', align: 'center', color: '#495057' } });
    expect(running.itemStyle.opacity).toBeUndefined();
    expect(running.label.backgroundColor).toMatch(/^rgba\(255,255,255,/);
  });

  it('draws one line of the metric in its catalogue colour, hours in the site time zone', () => {
    const option = build('lineChart', testWidget('lineChart', ['visitorsIn']), [visitors]);
    expect(option.xAxis[0].data).toEqual(['08:00', '09:00', '10:00', '11:00']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]).toMatchObject({ type: 'line', data: [10, 25, 40, null], color: metricDefinition('visitorsIn')!.color, name: 'metric:visitorsIn' });
    expect(option.series[0].areaStyle).toBeUndefined();
  });

  it('fills areas, stacks by unit and uses the configured colours first', () => {
    const widget = testWidget('areaChart', ['visitorsIn'], { stacked: true, colors: ['#111111', '#222222'] });
    const option = build('areaChart', widget, [result('visitorsIn', [hourly('1', 'Hall', [1, 2]), hourly('2', 'Shop', [3, 4])])]);
    expect(option.series.map((s: Opt) => s.color)).toEqual(['#111111', '#222222']);
    expect(option.series.every((s: Opt) => s.areaStyle && s.stack === option.series[0].stack)).toBe(true);
    // The axis reaches the stacked total (2 + 4), not the largest single value.
    expect(option.yAxis[0].max).toBeGreaterThanOrEqual(6);
  });

  it('puts metrics of one unit on one axis, others on their own, and one per metric with avoidMergingYAxis', () => {
    const results = [
      result('visitorsIn', [hourly('all', 'all', [10, 20])]),
      result('visitorsOut', [hourly('all', 'all', [8, 18])]),
      result('temperature', [hourly('all', 'all', [20.5, 21])], '°C'),
    ];
    const merged = build('lineChart', testWidget('lineChart', ['visitorsIn', 'visitorsOut', 'temperature']), results);
    expect(merged.yAxis).toHaveLength(2);
    expect(merged.series.map((s: Opt) => s.yAxisIndex)).toEqual([0, 0, 1]);
    const split = build('lineChart', testWidget('lineChart', ['visitorsIn', 'visitorsOut', 'temperature'], { avoidMergingYAxis: true }), results);
    expect(split.yAxis).toHaveLength(3);
    expect(split.series.map((s: Opt) => s.yAxisIndex)).toEqual([0, 1, 2]);
    expect(split.yAxis[2].offset).toBeGreaterThan(0);
  });

  it('shows at most 8 series at first, the others switched off in the legend', () => {
    const series = Array.from({ length: 11 }, (_, i) => hourly(String(i + 1), `Zone ${i + 1}`, [i, i + 1]));
    const option = build('lineChart', testWidget('lineChart', ['visitorsIn']), [result('visitorsIn', series)]);
    const on = Object.values(option.legend.selected).filter(Boolean);
    expect(on).toHaveLength(MAX_INITIAL_SERIES);
    expect(option.legend.selected['Zone 9']).toBe(false);
    expect(option.legend.show).toBe(true);
  });

  it('hides the legend when showLegend is false, shows it for a single series when true', () => {
    expect(build('lineChart', testWidget('lineChart', ['visitorsIn'], {}), [visitors]).legend.show).toBe(false);
    expect(build('lineChart', testWidget('lineChart', ['visitorsIn'], { showLegend: true }), [visitors]).legend.show).toBe(true);
  });

  it('draws thresholds as dashed mark lines and keeps them inside the axis', () => {
    const widget = testWidget('columnChart', ['visitorsIn'], { thresholds: [{ value: 100, color: '#ff0000', label: 'Limit' }] });
    const option = build('columnChart', widget, [visitors]);
    const line = option.series[0].markLine;
    expect(line.data[0]).toMatchObject({ yAxis: 100, lineStyle: { color: '#ff0000', type: 'dashed' } });
    expect(line.data[0].label.formatter).toBe('Limit: 100');
    expect(option.yAxis[0].max).toBeGreaterThanOrEqual(100);
  });

  it('labels the minimum and maximum with showMinMaxLabel', () => {
    const option = build('lineChart', testWidget('lineChart', ['visitorsIn'], { showMinMaxLabel: true }), [visitors]);
    expect(option.series[0].markPoint.data.map((d: Opt) => d.type)).toEqual(['max', 'min']);
    expect(option.series[0].markPoint.label.formatter({ value: 1234 })).toBe('1,234');
  });

  it('hides units with hideUnit and formats durations on duration steps', () => {
    const dwell = result('dwell', [hourly('all', 'all', [300, 900, 2400])], 's');
    const option = build('columnChart', testWidget('columnChart', ['dwell']), [dwell]);
    expect(option.yAxis[0].interval).toBe(600);
    expect(option.yAxis[0].axisLabel.formatter(1800)).toBe('30m');
    const temperature = result('temperature', [hourly('all', 'all', [20.44])], '°C');
    expect(build('lineChart', testWidget('lineChart', ['temperature']), [temperature]).yAxis[0].axisLabel.formatter(20)).toBe('20 °C');
    // Axis ticks show the decimals they need: 20.5 keeps its one.
    expect(build('lineChart', testWidget('lineChart', ['temperature']), [temperature]).yAxis[0].axisLabel.formatter(20.5)).toBe('20.5 °C');
    expect(build('lineChart', testWidget('lineChart', ['temperature'], { hideUnit: true }), [temperature]).yAxis[0].axisLabel.formatter(20)).toBe('20');
  });

  it('puts comfort scores on a 0..5 axis by 1', () => {
    const option = build('lineChart', testWidget('lineChart', ['comfortScore']), [result('comfortScore', [hourly('all', 'all', [3, 4])])]);
    expect(option.yAxis[0]).toMatchObject({ min: 0, max: 5, interval: 1 });
  });

  it('shows shares of each category with isPercentage', () => {
    const widget = testWidget('columnChart', ['visitorsIn'], { isPercentage: true, stacked: true });
    const option = build('columnChart', widget, [result('visitorsIn', [hourly('1', 'Hall', [30, 10]), hourly('2', 'Shop', [10, 30])])]);
    expect(option.series[0].data).toEqual([75, 25]);
    expect(option.yAxis[0]).toMatchObject({ min: 0, max: 100 });
    expect(option.yAxis[0].axisLabel.formatter(50)).toBe('50.00%');
  });

  it('shows binary occupancy as occupied or free when live', () => {
    const occupancy = result('occupancy', [hourly('all', 'all', [0, 1, 1])]);
    const live = build('lineChart', testWidget('lineChart', ['occupancy']), [occupancy], testEnv({ live: true }));
    expect(live.yAxis[0]).toMatchObject({ min: 0, max: 1, interval: 1 });
    expect([live.yAxis[0].axisLabel.formatter(0), live.yAxis[0].axisLabel.formatter(1)]).toEqual(['Free', 'Occupied']);
    const past = build('lineChart', testWidget('lineChart', ['occupancy']), [occupancy]);
    expect(past.yAxis[0].axisLabel.formatter(1)).toBe('1');
  });

  it('draws one panel per metric with isMultiChart', () => {
    const results = [result('visitorsIn', [hourly('all', 'all', [10, 20])]), result('co2', [hourly('all', 'all', [600, 700])], 'ppm')];
    const option = build('lineChart', testWidget('lineChart', ['visitorsIn', 'co2'], { isMultiChart: true }), results);
    expect(option.grid).toHaveLength(2);
    expect(option.series.map((s: Opt) => s.xAxisIndex)).toEqual([0, 1]);
    expect(option.grid[1].top).toBeGreaterThan(option.grid[0].top + option.grid[0].height);
  });

  it('lays bars horizontally with categories top-down, and mirrors every axis right to left', () => {
    const bar = build('barChart', testWidget('barChart', ['visitorsIn']), [visitors]);
    expect(bar.yAxis[0]).toMatchObject({ type: 'category', inverse: true, position: 'left' });
    expect(bar.xAxis[0]).toMatchObject({ type: 'value', inverse: false });
    const rtl = testEnv({ rtl: true, locale: 'ar' });
    const barRtl = build('barChart', testWidget('barChart', ['visitorsIn']), [visitors], rtl);
    expect(barRtl.yAxis[0].position).toBe('right');
    expect(barRtl.xAxis[0].inverse).toBe(true);
    const lineRtl = build('lineChart', testWidget('lineChart', ['visitorsIn']), [visitors], rtl);
    expect(lineRtl.xAxis[0].inverse).toBe(true);
    expect(lineRtl.yAxis[0].position).toBe('right');
    expect(lineRtl.tooltip.extraCssText).toContain('rtl');
  });

  it('escapes names in the tooltip', () => {
    const option = build('lineChart', testWidget('lineChart', ['visitorsIn']), [result('visitorsIn', [hourly('9', '<img src=x>', [5])])]);
    const html = option.tooltip.formatter([{ seriesId: option.series[0].id, seriesName: option.series[0].name, marker: '', value: 5, dataIndex: 0, axisValueLabel: '08:00' }]);
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).not.toContain('<img');
  });

  describe('time axis labels', () => {
    /** `count` buckets of `seconds` from Monday 2026-03-02 00:00 in Paris, with the granularity asked. */
    const buckets = (type: 'lineChart' | 'columnChart', seconds: number, count: number, width: number, env = testEnv()) => {
      const start = Date.parse('2026-03-01T23:00:00.000Z');
      const points = Array.from({ length: count }, (_, i) => ({ t: new Date(start + i * seconds * 1000).toISOString(), key: null, value: 400 + (i % 7) }));
      const widget = testWidget(type, [{ type: 'co2', granularity: seconds, groupBy: { type: 'date', aggregation: 'average' } }]);
      const option = build(type, widget, [result('co2', [{ key: 'all', label: 'all', points }], 'ppm')], env, width);
      const axis = option.xAxis[0];
      const write = (value: string, i: number) => (axis.axisLabel.formatter ? axis.axisLabel.formatter(value, i) : value);
      const shown = (axis.data as string[]).flatMap((value, i) => (i % (axis.axisLabel.interval + 1) === 0 ? [write(value, i)] : []));
      return { axis, shown, grid: option.grid[0] };
    };

    it.each<[string, number, number, string[]]>([
      ['1440 px, full width', 1130, 2, ['00:00', '02:00', '04:00']],
      ['1024 px', 900, 3, ['00:00', '03:00', '06:00']],
      ['half width', 540, 4, ['00:00', '04:00', '08:00']],
      ['a phone', 360, 12, ['00:00', '12:00']],
    ])('writes a day at 15 min on round hours, the first label from its tick (%s)', (_name, width, hours, first) => {
      const { axis, shown } = buckets('lineChart', 900, 96, width);
      expect(axis.axisLabel.interval).toBe(hours * 4 - 1);
      expect(shown.slice(0, 3)).toEqual(first);
      expect(shown.at(-1)).toBe(`${24 - hours}:00`.padStart(5, '0'));
      expect(axis.axisLabel.alignMinLabel).toBe('left');
      expect(axis.axisLabel.alignMaxLabel).toBeUndefined();
    });

    it('writes a day by the hour every hour or two, a week by the day or two, a month by the day once a week', () => {
      expect(buckets('lineChart', 3600, 24, 1130).shown).toHaveLength(12);
      expect(buckets('lineChart', 3600, 8, 900).axis.axisLabel.interval).toBe(0);
      // A week is labelled at midnight with the date alone: daily on a wide chart, every third day on a narrow one.
      const week = buckets('lineChart', 3600, 168, 1130);
      expect(week.shown).toEqual(['02/03/2026', '03/03/2026', '04/03/2026', '05/03/2026', '06/03/2026', '07/03/2026', '08/03/2026']);
      expect(week.axis.data[0]).toBe('02/03/2026 00:00');
      expect(buckets('lineChart', 900, 672, 540).shown).toEqual(['02/03/2026', '05/03/2026', '08/03/2026']);
      const days = buckets('columnChart', 86_400, 7, 900).axis;
      expect([days.axisLabel.interval, days.axisLabel.alignMinLabel]).toEqual([0, undefined]);
      expect(buckets('columnChart', 86_400, 31, 900).shown).toEqual(['02/03/2026', '09/03/2026', '16/03/2026', '23/03/2026', '30/03/2026']);
    });

    it('leaves room at the far end for a label standing there, centred on its tick', () => {
      const rtl = testEnv({ rtl: true, locale: 'ar' });
      // Today until 20:00: the 20:00 label stands at the far end (the left, right to left).
      const today = buckets('lineChart', 900, 81, 900, rtl);
      expect(today.axis.data.at(-1)).toBe('20:00');
      expect(today.shown.at(-1)).toBe('20:00');
      expect(today.grid.left).toBeGreaterThanOrEqual(5 * 7.2 * 0.5 + 4);
      expect(buckets('lineChart', 900, 81, 900).grid.right).toBeGreaterThanOrEqual(5 * 7.2 * 0.5 + 4);
      // A whole day's last label is three hours before the end: nothing reaches past it.
      expect(buckets('lineChart', 900, 96, 900, rtl).grid.left).toBe(12);
    });

    it('picks the same labels right to left, and leaves ECharts to choose until the width is known', () => {
      const rtl = buckets('lineChart', 900, 96, 900, testEnv({ rtl: true, locale: 'ar' })).axis;
      expect(rtl.axisLabel.interval).toBe(buckets('lineChart', 900, 96, 900).axis.axisLabel.interval);
      expect(rtl.axisLabel.alignMinLabel).toBe('right');
      expect(buckets('lineChart', 900, 96, 0).axis.axisLabel.interval).toBe('auto');
    });
  });
});
