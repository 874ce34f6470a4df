import { describe, expect, it } from 'vitest';
import { MAX_INITIAL_SERIES } from '@sitelens/domain';
import { chartData } from './chartData.ts';
import { circleOption } from './circleOption.ts';
import { pieOption } from './pieOption.ts';
import { progressOption } from './progressOption.ts';
import { keyed, result, testEnv, testWidget, total } from './testFixtures.ts';

type Opt = Record<string, any>;
const env = testEnv();
const data = (widget: ReturnType<typeof testWidget>, results: ReturnType<typeof result>[], e = env) => chartData(widget, results, e);

describe('pieOption', () => {
  const genders = result('visitorsIn', [total('MALE', 'MALE', 60), total('FEMALE', 'FEMALE', 40)]);

  it('draws a slice per series with translated breakdown names, values in the labels', () => {
    const widget = testWidget('pieChart', ['visitorsIn']);
    const option = pieOption(widget, data(widget, [genders]), env) as Opt;
    expect(option.series[0].data.map((d: Opt) => [d.name, d.value])).toEqual([
      ['Men', 60],
      ['Women', 40],
    ]);
    expect(option.series[0].label.formatter({ name: 'Men', value: 60 })).toBe('Men\n60');
    expect(option.series[0].endAngle).toBe('auto');
  });

  it('labels shares with isPercentage and draws half a pie with halfCircle', () => {
    const widget = testWidget('pieChart', ['visitorsIn'], { isPercentage: true, halfCircle: true });
    const option = pieOption(widget, data(widget, [genders]), env) as Opt;
    expect(option.series[0].label.formatter({ name: 'Men', value: 60 })).toBe('Men\n60.00%');
    expect([option.series[0].startAngle, option.series[0].endAngle]).toEqual([180, 0]);
  });

  it('fills a percentage metric up to 100 with a grey rest that is not in the legend', () => {
    const widget = testWidget('pieChart', ['captureRate']);
    const option = pieOption(widget, data(widget, [result('captureRate', [total('all', 'all', 35)], '%')]), env) as Opt;
    expect(option.series[0].data.map((d: Opt) => d.value)).toEqual([35, 65]);
    expect(option.series[0].data[1].name).toBe('Rest');
    expect(option.legend.data).not.toContain('Rest');
  });

  it('turns the other way right to left and keeps 8 slices on at first', () => {
    const many = result('visitorsIn', Array.from({ length: 10 }, (_, i) => total(String(i), `Shop ${i}`, 10 + i)));
    const widget = testWidget('pieChart', ['visitorsIn']);
    const option = pieOption(widget, data(widget, [many]), testEnv({ rtl: true })) as Opt;
    expect(option.series[0].clockwise).toBe(false);
    expect(Object.values(option.legend.selected).filter(Boolean)).toHaveLength(MAX_INITIAL_SERIES);
  });
});

describe('circleOption', () => {
  const size = { width: 800, height: 260 };

  it('draws a ring per series up to the count maximum (their sum), full circles by default', () => {
    const widget = testWidget('circleChart', ['visitorsIn']);
    const option = circleOption(widget, data(widget, [result('visitorsIn', [total('ENGAGED', 'ENGAGED', 30), total('NOT_ENGAGED', 'NOT_ENGAGED', 90)])]), env, size) as Opt;
    expect(option.series).toHaveLength(2);
    expect(option.series.map((s: Opt) => s.max)).toEqual([120, 120]);
    expect(option.series.map((s: Opt) => s.data[0].name)).toEqual(['Engaged', 'Not engaged']);
    expect([option.series[0].startAngle, option.series[0].endAngle]).toEqual([90, -270]);
    expect(option.series[0].center[0]).toBeLessThan(option.series[1].center[0]);
  });

  it('draws half rings with min and max labels, and mirrors them right to left', () => {
    const widget = testWidget('circleChart', ['comfortScore'], { halfCircle: true, showMinMaxLabel: true });
    const answer = [result('comfortScore', [total('1', 'Hall', 4), total('2', 'Office', 2)])];
    const option = circleOption(widget, data(widget, answer), env, size) as Opt;
    expect(option.series[0]).toMatchObject({ min: 0, max: 5, startAngle: 180, endAngle: 0, clockwise: true });
    expect(option.series[0].axisLabel.show).toBe(true);
    const rtl = circleOption(widget, data(widget, answer), testEnv({ rtl: true }), size) as Opt;
    expect(rtl.series[0]).toMatchObject({ startAngle: 0, endAngle: 180, clockwise: false });
    expect(rtl.series[0].center[0]).toBeGreaterThan(rtl.series[1].center[0]);
  });

  it('names the rings under them and adds a legend only when asked', () => {
    const answer = [result('visitorsIn', [total('1', 'Hall', 3), total('2', 'Shop', 5)])];
    const plain = testWidget('circleChart', ['visitorsIn']);
    expect((circleOption(plain, data(plain, answer), env, size) as Opt).legend.show).toBe(false);
    const withLegend = testWidget('circleChart', ['visitorsIn'], { showLegend: true });
    const option = circleOption(withLegend, data(withLegend, answer), env, size) as Opt;
    expect(option.legend.show).toBe(true);
    expect(option.legend.data.map((d: Opt) => d.name)).toEqual(['Hall', 'Shop']);
  });

  it('shows a live occupancy as occupied or free', () => {
    const widget = testWidget('circleChart', ['occupancy']);
    const option = circleOption(widget, data(widget, [result('occupancy', [total('all', 'all', 1)])]), testEnv({ live: true }), size) as Opt;
    expect(option.series[0].max).toBe(1);
    expect(option.series[0].detail.formatter(1)).toBe('Occupied');
  });

  it('tints the track from each threshold', () => {
    const widget = testWidget('circleChart', ['captureRate'], { thresholds: [{ value: 50, color: '#ff0000' }] });
    const option = circleOption(widget, data(widget, [result('captureRate', [total('all', 'all', 35)], '%')]), env, size) as Opt;
    expect(option.series[0].max).toBe(100);
    expect(option.series[0].axisLine.lineStyle.color).toEqual([
      [0.5, '#E9ECEF'],
      [1, '#ff000055'],
    ]);
  });
});

describe('progressOption', () => {
  it('fills percentage metrics to 100, writes the values and mirrors right to left', () => {
    const widget = testWidget('progressBarChart', ['popularity']);
    const answer = [result('popularity', [total('1', 'Shoes', 40), total('2', 'Books', 12.5)], '%')];
    const option = progressOption(widget, data(widget, answer), env) as Opt;
    expect(option.series[0].data.map((d: Opt) => d.value)).toEqual([40, 12.5]);
    expect(option.series[0].label.formatter({ dataIndex: 1 })).toBe('12.50%');
    expect(option.yAxis.data).toEqual(['Shoes', 'Books']);
    const rtl = progressOption(widget, data(widget, answer), testEnv({ rtl: true })) as Opt;
    expect(rtl.xAxis.inverse).toBe(true);
    expect(rtl.yAxis.position).toBe('right');
  });

  it('fills counts against their sum and dwell against the largest value', () => {
    const counts = testWidget('progressBarChart', ['visitorsIn']);
    const c = progressOption(counts, data(counts, [result('visitorsIn', [total('1', 'A', 75), total('2', 'B', 25)])]), env) as Opt;
    expect(c.series[0].data.map((d: Opt) => d.value)).toEqual([75, 25]);
    const dwell = testWidget('progressBarChart', ['dwell']);
    const d = progressOption(dwell, data(dwell, [result('dwell', [total('1', 'A', 600), total('2', 'B', 300)], 's')]), env) as Opt;
    expect(d.series[0].data.map((x: Opt) => x.value)).toEqual([100, 50]);
    expect(d.series[0].label.formatter({ dataIndex: 0 })).toBe('10m');
  });

  it('makes a bar per category of a single series (weekdays in the user language)', () => {
    const widget = testWidget('progressBarChart', ['visitorsIn']);
    const option = progressOption(widget, data(widget, [result('visitorsIn', [keyed('all', 'all', { '1': 10, '6': 30 })])], testEnv({ locale: 'fr' })), testEnv({ locale: 'fr' })) as Opt;
    expect(option.yAxis.data).toEqual(['lun.', 'sam.']);
  });
});
