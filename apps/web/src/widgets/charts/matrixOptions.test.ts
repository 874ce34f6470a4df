import { describe, expect, it } from 'vitest';
import { chartData } from './chartData.ts';
import { gridOption } from './gridOption.ts';
import { hourly, keyed, result, testEnv, testWidget, total } from './testFixtures.ts';
import { webOption } from './webOption.ts';

type Opt = Record<string, any>;
const env = testEnv();
/** First-strong isolate (FSI … PDI): how a right-to-left page's chart writes its texts. */
const isolated = (text: string) => `\u2068${text}\u2069`;

describe('gridOption', () => {
  it('folds hourly data into weekday x hour cells (site time), averaging each weekday-hour', () => {
    // Monday 2 March 2026 08:00 and 09:00 Paris, then the next Monday at 08:00 (one week later).
    const week = 7 * 24;
    const values: Array<number | null> = Array.from({ length: week + 1 }, () => null);
    values[0] = 10;
    values[1] = 20;
    values[week] = 30;
    const widget = testWidget('gridChart', [{ type: 'visitorsIn', granularity: 3600 }]);
    const option = gridOption(widget, chartData(widget, [result('visitorsIn', [hourly('all', 'all', values)])], env), env) as Opt;
    // Only the weekdays the range holds.
    expect(option.yAxis.data).toEqual(['Mon']);
    expect(option.xAxis.data).toEqual(['08:00', '09:00']);
    expect(option.series[0].data).toEqual(
      expect.arrayContaining([
        [0, 0, 20],
        [1, 0, 20],
      ]),
    );
    expect(option.visualMap).toMatchObject({ min: 20, max: 21 });
  });

  it('keeps weekdays in order from Monday whatever the range starts with', () => {
    const widget = testWidget('gridChart', [{ type: 'visitorsIn', granularity: 3600 }]);
    // Saturday 7 March 10:00 Paris, then Monday 9 March 10:00.
    const answer = [result('visitorsIn', [hourly('all', 'all', [4], '2026-03-07T09:00:00.000Z'), hourly('x', 'x', [6], '2026-03-09T09:00:00.000Z')])];
    const option = gridOption(widget, chartData(widget, answer, env), env) as Opt;
    expect(option.yAxis.data).toEqual(['Mon', 'Sat']);
    expect(option.series[0].data).toEqual(expect.arrayContaining([[0, 0, 6], [0, 1, 4]]));
  });

  it('adds the series of one bucket up for counts', () => {
    const widget = testWidget('gridChart', [{ type: 'visitorsIn', granularity: 3600 }]);
    const answer = [result('visitorsIn', [hourly('1', 'A', [5]), hourly('2', 'B', [7])])];
    const option = gridOption(widget, chartData(widget, answer, env), env) as Opt;
    expect(option.series[0].data).toEqual([[0, 0, 12]]);
  });

  it('draws series x category otherwise, mirrored right to left', () => {
    const widget = testWidget('gridChart', ['visitorsIn']);
    const answer = [result('visitorsIn', [keyed('1', 'Hall', { weekday: 100, weekend: 40 }), keyed('2', 'Shop', { weekday: 60, weekend: 90 })])];
    const rtl = testEnv({ rtl: true });
    const option = gridOption(widget, chartData(widget, answer, rtl), rtl) as Opt;
    expect(option.yAxis.data).toEqual(['Hall', 'Shop']);
    expect(option.xAxis.data).toEqual(['Weekdays', 'Weekend']);
    expect(option.series[0].data).toContainEqual([1, 1, 90]);
    expect(option.xAxis.inverse).toBe(true);
    expect(option.yAxis.position).toBe('right');
    expect(option.visualMap.show).toBe(true);
    const noLegend = testWidget('gridChart', ['visitorsIn'], { showLegend: false });
    expect((gridOption(noLegend, chartData(noLegend, answer, rtl), rtl) as Opt).visualMap.show).toBe(false);
  });
});

describe('webOption', () => {
  const answers = [
    result('visitorsIn', [total('1', 'Shoes', 400), total('2', 'Books', 250)]),
    result('dwell', [total('1', 'Shoes', 300), total('2', 'Books', 600)], 's'),
    result('popularity', [total('1', 'Shoes', 30), total('2', 'Books', 20)], '%'),
  ];
  const widget = (configuration = {}) => testWidget('webChart', ['visitorsIn', 'dwell', 'popularity'], configuration);

  it('draws a radar with an axis per metric, clockwise from the top, and a polygon per zone', () => {
    const w = widget();
    const option = webOption(w, chartData(w, answers, env), env) as Opt;
    // ECharts lays indicators anticlockwise: listed first, last, ..., second they read clockwise.
    expect(option.radar.indicator.map((i: Opt) => i.name)).toEqual(['metric:visitorsIn', 'metric:popularity', 'metric:dwell']);
    expect(option.radar.indicator.map((i: Opt) => i.max)).toEqual([400, 100, 720]);
    expect(option.series[0].data.map((d: Opt) => [d.name, d.value])).toEqual([
      ['Shoes', [400, 30, 300]],
      ['Books', [250, 20, 600]],
    ]);
    const rtl = testEnv({ rtl: true });
    expect((webOption(w, chartData(w, answers, rtl), rtl) as Opt).radar.indicator.map((i: Opt) => i.name)).toEqual(['metric:visitorsIn', 'metric:dwell', 'metric:popularity'].map(isolated));
  });

  it('draws parallel coordinates with isParallelCoordinates, axes formatted per metric, reversed right to left', () => {
    const w = widget({ isParallelCoordinates: true });
    const option = webOption(w, chartData(w, answers, env), env) as Opt;
    expect(option.parallelAxis.map((a: Opt) => a.name)).toEqual(['metric:visitorsIn', 'metric:dwell', 'metric:popularity']);
    expect(option.parallelAxis[1].axisLabel.formatter(600)).toBe('10m');
    // Durations step on the spec's duration steps (3 min for 10 min).
    expect(option.parallelAxis[1]).toMatchObject({ interval: 180, max: 720 });
    expect(option.series.map((s: Opt) => [s.name, s.data[0]])).toEqual([
      ['Shoes', [400, 300, 30]],
      ['Books', [250, 600, 20]],
    ]);
    const rtl = testEnv({ rtl: true });
    const mirrored = webOption(w, chartData(w, answers, rtl), rtl) as Opt;
    expect(mirrored.parallelAxis.map((a: Opt) => a.name)).toEqual(['metric:popularity', 'metric:dwell', 'metric:visitorsIn'].map(isolated));
    expect(mirrored.series[0].data[0]).toEqual([30, 300, 400]);
  });

  it('writes a dwell time in Arabic words as one right-to-left run on its axis, in its tooltip and its axis name', () => {
    const w = widget({ isParallelCoordinates: true });
    const arabic = { visitorsIn: 'الزوار الداخلون (UWB)', dwell: 'مدة المكوث', popularity: 'الشعبية' } as Record<string, string>;
    const ar = testEnv({ rtl: true, locale: 'ar', labels: { ...env.labels, metricName: (id) => arabic[id] ?? id } });
    const option = webOption(w, chartData(w, [...answers.slice(0, 1), result('dwell', [total('1', 'Shoes', 798), total('2', 'Books', 600)], 's'), answers[2]!], ar), ar) as Opt;
    // The chart's box is left to right: without the isolate "13 د و18 ث" (13 min 18 s) was laid out
    // left to right and an Arabic reader, from the right, read 18 minutes and 13 seconds.
    const dwell = option.parallelAxis.find((a: Opt) => a.name.includes('مدة'));
    expect(dwell.axisLabel.formatter(798)).toBe(isolated('13 د و18 ث'));
    expect(option.parallelAxis.map((a: Opt) => a.name)).toEqual(['الشعبية', 'مدة المكوث', 'الزوار الداخلون (UWB)'].map(isolated));
    // Latin units stay one left-to-right run inside the isolate (its first letter decides); an axis
    // drops trailing zeros as the other charts' axes do, the tooltip keeps the metric's decimals.
    expect(option.parallelAxis[0].axisLabel.formatter(25)).toBe(isolated('25%'));
    expect(option.parallelAxis[0].axisLabel.formatter(12.5)).toBe(isolated('12.5%'));
    expect(option.series[0].tooltip.formatter()).toContain(`>${isolated('13 د و18 ث')}</b>`);
    // Left-to-right pages draw their texts as they are.
    expect(webOption(w, chartData(w, answers, env), env) as Opt).toMatchObject({ parallelAxis: [{ name: 'metric:visitorsIn' }, { name: 'metric:dwell' }, { name: 'metric:popularity' }] });
  });

  it('uses the categories as axes for a single metric', () => {
    const w = testWidget('webChart', ['visitorsIn']);
    const option = webOption(w, chartData(w, [result('visitorsIn', [keyed('1', 'Hall', { '1': 5, '2': 7, '3': 9 })])], env), env) as Opt;
    expect(option.radar.indicator.map((i: Opt) => i.name)).toEqual(['Mon', 'Wed', 'Tue']);
    expect(option.series[0].data[0].value).toEqual([5, 9, 7]);
    // One scale for every weekday, so the axes compare.
    expect(new Set(option.radar.indicator.map((i: Opt) => i.max))).toEqual(new Set([10]));
  });
});
