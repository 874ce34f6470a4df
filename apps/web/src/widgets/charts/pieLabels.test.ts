import { describe, expect, it } from 'vitest';
import { chartData } from './chartData.ts';
import { echarts } from './echarts.ts';
import { LEGEND_HEIGHT } from './legendOption.ts';
import { pieOption } from './pieOption.ts';
import { result, testEnv, testWidget, total } from './testFixtures.ts';

interface Box {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Lays the pie out as the browser would (ECharts' server-side SVG rendering, its own text metrics)
 * and answers the box of every label ECharts shows: each text's lines together.
 */
function drawnLabels(values: number[], opts: { width: number; rtl: boolean; half?: boolean; legend?: boolean }): Box[] {
  const names = ['Hall centrale', 'Boulangerie Pernet', 'Pharmacie du Rhône', 'Optique Bellecour', 'Nordlys Denim', 'Voltaire Électronique', 'Librairie des Canuts', 'Atelier Beauté'];
  const env = testEnv(opts.rtl ? { rtl: true, locale: 'ar' } : {});
  const widget = testWidget('pieChart', ['visitorsIn'], { showLegend: opts.legend ?? false, halfCircle: opts.half ?? false });
  const data = chartData(widget, [result('visitorsIn', values.map((v, i) => total(String(i + 1), names[i]!, v)))], env);
  const chart = echarts.init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width: opts.width, height: 400 });
  try {
    chart.setOption({ ...pieOption(widget, data, env), animation: false });
    chart.renderToSVGString();
    type Drawn = { type: string; ignore: boolean; invisible: boolean; parent?: object; style: { text?: string }; getBoundingRect: () => BoundingRect; getComputedTransform: () => number[] | null };
    type BoundingRect = { clone: () => BoundingRect; applyTransform: (m: number[]) => void; union: (r: BoundingRect) => void; x: number; y: number; width: number; height: number };
    const texts = new Map<object, { text: string; rect: BoundingRect }>();
    const storage = (chart.getZr() as unknown as { storage: { getDisplayList: (update: boolean) => Drawn[] } }).storage;
    for (const el of storage.getDisplayList(true)) {
      if (el.type !== 'tspan' || el.ignore || el.invisible) continue;
      const rect = el.getBoundingRect().clone();
      const transform = el.getComputedTransform();
      if (transform) rect.applyTransform(transform);
      const owner = el.parent ?? el;
      const seen = texts.get(owner);
      if (seen) seen.rect.union(rect);
      else texts.set(owner, { text: el.style.text ?? '', rect });
    }
    return [...texts.values()].map(({ text, rect }) => ({ text, x: rect.x, y: rect.y, width: rect.width, height: rect.height }));
  } finally {
    chart.dispose();
  }
}

const apart = (a: Box, b: Box) => a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5;

/** A large slice and small ones, a few under the angle that carries a label. */
const SMALL_SLICES = [9000, 300, 250, 180, 120, 90, 60, 40];
const EVEN_SLICES = [30, 25, 20, 10, 6, 4, 3, 2];

describe('pie labels', () => {
  it.each([
    ['English, 1024 px', 900, false],
    ['English, 1440 px, half width', 560, false],
    ['Arabic, 1024 px', 900, true],
    ['Arabic, 1440 px, half width', 560, true],
  ])('never cover one another, small slices included (%s)', (_name, width, rtl) => {
    for (const values of [SMALL_SLICES, EVEN_SLICES]) {
      for (const half of [false, true]) {
        const labels = drawnLabels(values, { width, rtl, half });
        expect(labels.length, JSON.stringify(labels)).toBeGreaterThanOrEqual(2);
        for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) expect(apart(a, b), JSON.stringify([a, b])).toBe(true);
        // Inside the chart, whole or shortened with an ellipsis.
        for (const l of labels) expect(l.x >= -0.5 && l.x + l.width <= width + 0.5, JSON.stringify(l)).toBe(true);
      }
    }
  });

  it('keeps the labels above the legend', () => {
    for (const rtl of [false, true]) {
      for (const half of [false, true]) {
        const texts = drawnLabels(EVEN_SLICES, { width: 560, rtl, half, legend: true });
        // A slice's label has two lines (name and value); the legend's names one.
        const labels = texts.filter((t) => t.height > 20);
        const legendTop = Math.min(...texts.filter((t) => t.height <= 20).map((t) => t.y));
        expect(legendTop).toBeGreaterThan(400 - LEGEND_HEIGHT);
        expect(labels.length).toBeGreaterThanOrEqual(4);
        for (const l of labels) expect(l.y + l.height, JSON.stringify(l)).toBeLessThanOrEqual(legendTop);
      }
    }
  });

  it('starts at nine o’clock clockwise, at three o’clock anticlockwise right to left: the upper half either way', () => {
    const widget = testWidget('pieChart', ['visitorsIn'], { halfCircle: true });
    const answer = [result('visitorsIn', [total('1', 'A', 1), total('2', 'B', 2)])];
    const ltr = pieOption(widget, chartData(widget, answer, testEnv()), testEnv()) as { series: Array<Record<string, unknown>> };
    const rtlEnv = testEnv({ rtl: true, locale: 'ar' });
    const rtl = pieOption(widget, chartData(widget, answer, rtlEnv), rtlEnv) as { series: Array<Record<string, unknown>> };
    expect(ltr.series[0]).toMatchObject({ startAngle: 180, endAngle: 0, clockwise: true });
    expect(rtl.series[0]).toMatchObject({ startAngle: 0, endAngle: 180, clockwise: false });
  });
});
