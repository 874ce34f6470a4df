import { describe, expect, it } from 'vitest';
import { chartData } from './chartData.ts';
import { echarts } from './echarts.ts';
import { LEGEND_HEIGHT } from './legendOption.ts';
import { pieFit, pieOption } from './pieOption.ts';
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
const SHOPS = ['Hall centrale', 'Boulangerie Pernet', 'Pharmacie du Rhône', 'Optique Bellecour', 'Nordlys Denim', 'Voltaire Électronique', 'Librairie des Canuts', 'Atelier Beauté'];

function drawnLabels(values: number[], opts: { width: number; rtl: boolean; half?: boolean; legend?: boolean; names?: readonly string[] }): Box[] {
  const names = opts.names ?? SHOPS;
  const env = testEnv(opts.rtl ? { rtl: true, locale: 'ar' } : {});
  const widget = testWidget('pieChart', ['visitorsIn'], { ...(opts.legend === undefined ? {} : { showLegend: opts.legend }), halfCircle: opts.half ?? false });
  const data = chartData(widget, [result('visitorsIn', values.map((v, i) => total(String(i + 1), names[i]!, v)))], env);
  const chart = echarts.init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width: opts.width, height: 400 });
  try {
    // Laid out at the width the chart is drawn at, as ChartView gives it.
    chart.setOption({ ...pieOption(widget, data, env, { width: opts.width, height: 400 }), animation: false });
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
      if (seen) {
        seen.rect.union(rect);
        seen.text += `\n${el.style.text ?? ''}`;
      } else texts.set(owner, { text: el.style.text ?? '', rect });
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
        const labels = drawnLabels(values, { width, rtl, half, legend: false });
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

  // The editor's canvas beside its side panel is about 320 px wide at 1024 px; a half-width widget 330.
  it.each([
    ['one zone, the whole centre', [28_329], ['Whole centre']],
    ['three floors', [14_120, 8_480, 5_730], ['Ground floor', 'Level 1', 'Level 2']],
    ['long shop names', [9000, 7000, 5000, 3000], SHOPS.slice(0, 4)],
    ['a name of one long word', [5000, 4000], ['Intercontinentalisation', 'Level 1']],
  ] as const)('names every slice whole at the editor’s widths, never cut to “…” (%s)', (_name, values, names) => {
    for (const width of [240, 320, 420, 560, 900]) {
      for (const rtl of [false, true]) {
        for (const half of [false, true]) {
          const texts = drawnLabels([...values], { width, rtl, half, names });
          const where = `${width} px${rtl ? ', right to left' : ''}${half ? ', half' : ''}: ${JSON.stringify(texts)}`;
          for (const t of texts) expect(t.text, where).not.toContain('…');
          // Each name is read whole: beside its slice (on one line or broken between words) or in the legend (paged when long).
          const words = texts.flatMap((t) => t.text.split(/\s+/));
          for (const name of names) for (const word of name.split(' ')) expect(words, where).toContain(word);
          const labels = texts.filter((t) => t.y + t.height < 400 - LEGEND_HEIGHT);
          for (const t of labels) expect(t.x >= -0.5 && t.x + t.width <= width + 0.5, where).toBe(true);
        }
      }
    }
  });

  it('fits the labels by a smaller disc first, then by lines, then by the legend', () => {
    const measure = (text: string, size: number) => text.length * size * 0.6;
    const opts = (half = false) => ({ half, legend: false, textWidth: measure });
    const floor = [{ name: 'Ground floor', value: '14,120' }];
    // Room to spare: the usual disc (66 % of the box's half).
    expect(pieFit(floor, { width: 900, height: 400 }, opts())).toMatchObject({ labels: 'whole', radius: 0.66 * 192 });
    // 400 px: the disc gives way to the label (12 characters of 7.2 px).
    const narrower = pieFit(floor, { width: 400, height: 400 }, opts());
    expect(narrower.labels).toBe('whole');
    expect(narrower.radius).toBeLessThan(0.66 * 192);
    expect(narrower.width).toBeGreaterThanOrEqual(measure('Ground floor', 12));
    // The editor's 320 px: the disc at its smallest, the name broken between its words.
    const editor = pieFit(floor, { width: 320, height: 400 }, opts());
    expect(editor.labels).toBe('wrapped');
    expect(editor.width).toBeGreaterThanOrEqual(measure('Ground', 12));
    // A word wider than the room: the value beside the slice, the name in the legend.
    expect(pieFit([{ name: 'Intercontinentalisation', value: '5,000' }], { width: 300, height: 400 }, opts()).labels).toBe('values');
    // Not even the value: the legend and the tooltip name the slice.
    expect(pieFit([{ name: 'Intercontinentalisation', value: '5,000' }], { width: 200, height: 400 }, opts()).labels).toBe('none');
    // Unknown width (no layout yet): the default share of the box.
    expect(pieFit(floor, { width: 0, height: 400 }, opts())).toEqual({ radius: null, labels: 'whole', width: Infinity });
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
