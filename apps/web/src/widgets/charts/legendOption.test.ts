import { describe, expect, it } from 'vitest';
import { cartesianOption } from './cartesianOption.ts';
import type { ChartEnv } from './chartEnv.ts';
import { chartData } from './chartData.ts';
import { echarts, type EChartsCoreOption } from './echarts.ts';
import { LEGEND_HEIGHT, legendOption } from './legendOption.ts';
import { LINE_MARKER_OVERHANG, legendLayout, MAX_NAME_WIDTH } from './legendLayout.ts';
import { pieOption } from './pieOption.ts';
import { hourly, result, testEnv, testWidget, total } from './testFixtures.ts';
import { webOption } from './webOption.ts';

/** A text's width as ECharts measures it (its own text metrics, here without a canvas). */
const measure = (text: string, fontSize: number) => new echarts.graphic.Text({ style: { text, font: `${fontSize}px sans-serif` } }).getBoundingRect().width;

const SHOPS = ['Maison Clémence', 'Boulangerie Pernet', 'Pharmacie du Rhône', 'Optique Bellecour', 'Nordlys Denim', 'Voltaire Électronique', 'Librairie des Canuts', 'Atelier Beauté', 'Sportissimo', 'Café des Terreaux'];
const SERIES = Array.from({ length: 10 }, (_, i) => (i === 0 ? 'Visitors in' : `Visitors in (${i + 1})`));
const LONG = [...SHOPS.slice(0, 3), 'Galeries Rhône, level 2, food court and terraces by the river (north side)', ...SHOPS.slice(3)];
const MANY = Array.from({ length: 120 }, (_, i) => `Zone ${i + 1}`);

interface Box {
  left: number;
  right: number;
}
interface Drawn extends Box {
  text: string | null;
  /** The names' window when the legend pages. */
  clip: Box | null;
  /** A page arrow or the counter. */
  controller: boolean;
}

const HEIGHT = 400;
/** The page arrows' colour while they lead somewhere. */
const PAGE_ARROW = '#1c7ed6';
/** Fills that draw nothing: the legend's background, each name's box and hover area. */
const INVISIBLE_FILLS = new Set(['transparent', 'rgba(0,0,0,0)', 'none']);

/** An option builder's chart of `names` (series, slices, rings or polygons) at a width, in a language. */
type Build = (names: readonly string[], width: number, env: ChartEnv) => EChartsCoreOption;

/** Hourly series, one per name, as a line, area or column chart draws them. */
const perHour = (names: readonly string[]) => [result('visitorsIn', names.map((name, i) => hourly(String(i + 1), name, [10 + i, 20 + i, 30 + i])))];
/** One figure per name, as a pie, rings or a radar compare them. */
const totals = (names: readonly string[]) => [result('visitorsIn', names.map((name, i) => total(String(i + 1), name, 100 + i)))];

const BUILDERS: Record<string, Build> = {
  // legendOption alone beside a pie series without labels: the legend's own layout.
  legend: (names, width, env) => ({
    tooltip: {},
    legend: legendOption(names, testWidget('pieChart', ['visitorsIn'], { showLegend: true }), env, width),
    series: [{ type: 'pie', top: 0, bottom: LEGEND_HEIGHT + 8, label: { show: false }, data: names.map((name) => ({ name, value: 1 })) }],
  }),
  // A line's marker is a line through its point, wider in ECharts' layout than its box.
  lineChart: (names, width, env) => {
    const widget = testWidget('lineChart', ['visitorsIn'], { showLegend: true });
    return cartesianOption('lineChart', widget, chartData(widget, perHour(names), env), env, { width, height: HEIGHT });
  },
  columnChart: (names, width, env) => {
    const widget = testWidget('columnChart', ['visitorsIn'], { showLegend: true });
    return cartesianOption('columnChart', widget, chartData(widget, perHour(names), env), env, { width, height: HEIGHT });
  },
  // A pie's slices have a white border, which its legend's markers leave out.
  pieChart: (names, width, env) => {
    const widget = testWidget('pieChart', ['visitorsIn'], { showLegend: true });
    return pieOption(widget, chartData(widget, totals(names), env), env, { width, height: HEIGHT });
  },
  webChart: (names, width, env) => {
    const widget = testWidget('webChart', ['visitorsIn', 'visitorsOut'], { showLegend: true });
    const answer = ['visitorsIn', 'visitorsOut'].map((metric) => result(metric, names.map((name, i) => total(String(i + 1), name, 100 + i))));
    return webOption(widget, chartData(widget, answer, env), env, { width, height: HEIGHT });
  },
};

/**
 * The legend as ECharts draws it at a width (server-side SVG rendering, its own layout): each page
 * from the first by the next arrow to the last, then back by the previous arrow, with what each
 * draws in the legend.
 */
function legendPages(build: Build, names: readonly string[], width: number, rtl: boolean): { forward: Drawn[][]; backward: Drawn[][] } {
  const env = testEnv({ ...(rtl ? { rtl: true, locale: 'ar' } : {}), textWidth: measure });
  const chart = echarts.init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width, height: HEIGHT });
  type El = {
    type: string;
    name?: string;
    parent?: El;
    ignore: boolean;
    invisible: boolean;
    style: { text?: string; fill?: string };
    __clipPaths?: El[];
    onclick?: () => void;
    getBoundingRect: () => { clone: () => Rect };
    getComputedTransform: () => number[] | null;
  };
  type Rect = { applyTransform: (m: number[]) => void; x: number; width: number };
  const global = (el: El): Box => {
    const rect = el.getBoundingRect().clone();
    const m = el.getComputedTransform();
    if (m) rect.applyTransform(m);
    return { left: rect.x, right: rect.x + rect.width };
  };
  const inLegend = (el: El, legend: object) => {
    for (let p: El | undefined = el; p; p = p.parent) if (p === legend) return true;
    return false;
  };
  const display = () => {
    chart.renderToSVGString();
    const internal = chart as unknown as { getModel: () => { getComponent: (type: string) => object }; getViewOfComponentModel: (model: object) => { group: object } };
    const legend = internal.getViewOfComponentModel(internal.getModel().getComponent('legend')).group;
    const list = (chart.getZr() as unknown as { storage: { getDisplayList: (update: boolean) => El[] } }).storage.getDisplayList(true);
    return list.filter((el) => inLegend(el, legend));
  };
  const page = (list: El[]): Drawn[] =>
    list
      .filter((el) => !el.ignore && !el.invisible && !INVISIBLE_FILLS.has(el.style.fill ?? ''))
      .map((el) => ({
        ...global(el),
        text: el.type === 'tspan' ? (el.style.text ?? '') : null,
        clip: el.__clipPaths?.length ? global(el.__clipPaths[0]!) : null,
        controller: [el.name, el.parent?.name].some((n) => n === 'pagePrev' || n === 'pageNext' || n === 'pageText'),
      }));
  const arrow = (list: El[], name: 'pageNext' | 'pagePrev') => list.find((el) => el.name === name);
  try {
    chart.setOption({ ...build(names, width, env), animation: false });
    const forward: Drawn[][] = [];
    const backward: Drawn[][] = [];
    for (let list = display(); forward.length < names.length; list = display()) {
      forward.push(page(list));
      const next = arrow(list, 'pageNext');
      // The last page's next arrow is greyed and goes nowhere (or there are no pages).
      if (!next || next.invisible || next.style.fill !== PAGE_ARROW) break;
      next.onclick!();
    }
    for (let list = display(); backward.length < names.length; list = display()) {
      backward.unshift(page(list));
      const previous = arrow(list, 'pagePrev');
      if (!previous || previous.invisible || previous.style.fill !== PAGE_ARROW) break;
      previous.onclick!();
    }
    return { forward, backward };
  } finally {
    chart.dispose();
  }
}

/** How much of a drawn element its clip leaves visible, in px. */
const shown = (d: Drawn) => (d.clip ? Math.max(0, Math.min(d.right, d.clip.right) - Math.max(d.left, d.clip.left)) : d.right - d.left);
const overlap = (a: Box, b: Box) => Math.min(a.right, b.right) - Math.max(a.left, b.left);

/** Checks every page of a chart's legend: whole names, none under the arrows, the same pages back. */
function checkPages(type: string, names: readonly string[], width: number, rtl: boolean): void {
  const where = `${type}, ${width} px${rtl ? ', right to left' : ''}`;
  const { forward, backward } = legendPages(BUILDERS[type]!, names, width, rtl);
  const layout = legendLayout(names, width, measure, type === 'lineChart' ? LINE_MARKER_OVERHANG : 0);
  const paged = layout?.paged === true;
  // Pages of perPage names each, none shown twice.
  expect(forward.length, where).toBe(layout?.paged ? Math.ceil(names.length / layout.perPage) : 1);
  // Paging backwards shows the same pages as paging forwards.
  expect(backward.map((p) => p.map((d) => d.text).filter(Boolean)), where).toEqual(forward.map((p) => p.map((d) => d.text).filter(Boolean)));
  const wholeTexts = new Set<string>();
  for (const [k, drawn] of forward.entries()) {
    const at = `${where}, page ${k + 1}: ${JSON.stringify(drawn.filter((d) => shown(d) > 0))}`;
    const controller = drawn.filter((d) => d.controller);
    for (const d of drawn.filter((e) => !e.controller)) {
      // Each name and marker is drawn whole, or not at all (a hundredth of a pixel at most).
      const visible = shown(d);
      expect(visible < 0.05 || visible > d.right - d.left - 0.05, at).toBe(true);
      if (visible < 0.05) continue;
      if (d.text) wholeTexts.add(d.text);
      // Nothing of a name under the arrows or the counter.
      for (const c of controller) expect(overlap(d, c), `${at}: ${d.text} against ${c.text ?? 'an arrow'}`).toBeLessThanOrEqual(0);
      // Inside the chart.
      expect(d.left >= 0 && d.right <= width, at).toBe(true);
    }
    // The counter stays between its arrows.
    const [counter, ...arrows] = [...controller.filter((c) => c.text), ...controller.filter((c) => !c.text)];
    if (paged && counter) for (const a of arrows) expect(overlap(counter, a), at).toBeLessThanOrEqual(0);
  }
  // Every name is read whole on a page, but one longer than a name's largest room (shortened with "…").
  for (const name of names) {
    if (measure(name, 12) < Math.min(MAX_NAME_WIDTH, width / 2)) expect([...wholeTexts], `${where}: ${name}`).toContain(name);
    else expect([...wholeTexts].some((t) => t.endsWith('…') && name.startsWith(t.slice(0, -1))), `${where}: ${name}`).toBe(true);
  }
}

describe('scroll legend', () => {
  // The editor's canvas beside its panel at 1024 px, a half-width widget, the panel's canvas at 1440
  // px, a full-width widget at 1024 and at 1440 px.
  const widths = [320, 409, 560, 720, 756, 1126];
  it.each([
    ['shop names', SHOPS, widths],
    ['series names', SERIES, widths],
    ['a name longer than a slot', LONG, widths],
    // Paged one by one (a page each way at a time): two widths.
    ['120 zones (a three-digit counter)', MANY, [320, 1126]],
  ] as const)('pages whole names, none cut by the window or under the arrows, forwards and back (%s)', (_name, names, at) => {
    for (const width of at) for (const rtl of [false, true]) checkPages('legend', names, width, rtl);
    // ECharts lays out and pages every window: 5 s for 120 names on a quiet machine, 35 s on a loaded one.
  }, 120_000);

  it.each(['lineChart', 'columnChart', 'pieChart', 'webChart'])('pages whole names in a %s, whatever its markers', (type) => {
    for (const names of [SHOPS, SERIES]) for (const width of [320, 409, 720, 756]) for (const rtl of [false, true]) checkPages(type, names, width, rtl);
  });

  it('gives the longest name its room at every width, a pixel more than its letters', () => {
    for (let width = 240; width <= 1400; width += 3) {
      for (const overhang of [0, LINE_MARKER_OVERHANG]) {
        const layout = legendLayout(SERIES, width, measure, overhang);
        if (!layout?.paged) continue;
        expect(layout.nameWidth, `${width} px`).toBeGreaterThanOrEqual(Math.max(...SERIES.map((s) => measure(s, 12))) + 1);
      }
    }
  });

  it('leaves a row that fits unpaged, at the names’ own widths', () => {
    expect(legendLayout(['Men', 'Women'], 560, measure)).toEqual({ paged: false });
    const option = legendOption(['Men', 'Women'], testWidget('pieChart', ['visitorsIn']), testEnv({ textWidth: measure }), 560);
    expect(option).not.toHaveProperty('width');
    expect(option.textStyle).toMatchObject({ width: MAX_NAME_WIDTH, overflow: 'truncate', ellipsis: '…' });
  });

  it('shares the names’ window out in slots of one width, as many as the longest name allows', () => {
    const layout = legendLayout(SHOPS, 756, measure);
    expect(layout).toMatchObject({ paged: true });
    if (!layout?.paged) return;
    const longest = Math.max(...SHOPS.map((s) => measure(s, 12)));
    expect(layout.nameWidth).toBeGreaterThanOrEqual(longest);
    expect(layout.perPage).toBeGreaterThanOrEqual(3);
    // Unknown width (no layout yet): ECharts lays the row out itself.
    expect(legendLayout(SHOPS, 0, measure)).toBeNull();
  });
});
