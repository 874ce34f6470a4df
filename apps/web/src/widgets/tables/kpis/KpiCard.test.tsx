import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { valueText } from '../shared/valueText.ts';
import { KpiCard } from './KpiCard.tsx';
import type { KpiCardModel } from './kpiCards.ts';

const card = (over: Partial<KpiCardModel>): KpiCardModel => ({
  metric: 'humidity',
  label: null,
  description: null,
  tooltip: null,
  value: 51.7,
  previousValue: 50,
  evolution: 3.4,
  comparison: 'previousPeriod',
  soFar: false,
  missingMetrics: [],
  live: false,
  liveEntries: [],
  liveAt: null,
  band: null,
  outOfRange: false,
  ...over,
});

const i18n = i18next.createInstance();
void i18n.init({ lng: 'ar', resources: {}, initAsync: false });

/** The card as an Arabic (right-to-left) page renders it. */
function render(model: KpiCardModel, texts = i18n): Document {
  const text = (metric: string, value: number | null) => valueText(metric, value, { locale: 'ar', live: false, occupancyTexts: { occupied: '', free: '' } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={texts}>
      <DirectionProvider initialDirection="rtl">
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <KpiCard card={model} valueText={text} locale="ar" timeText={() => ''} />
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
  return parse(html);
}

// No DOM in this project's tests: a minimal reader of the rendered markup is enough for these checks.
type Document = { html: string; element: (testId: string) => string };
function parse(html: string): Document {
  return {
    html,
    element: (testId) => {
      const start = html.indexOf(`data-testid="${testId}"`);
      expect(start, testId).toBeGreaterThan(-1);
      const open = html.lastIndexOf('<', start);
      const tag = /^<(\w+)/.exec(html.slice(open))![1]!;
      return html.slice(open, html.indexOf(`</${tag}>`, start) + tag.length + 3);
    },
  };
}

describe('KpiCard in a right-to-left page', () => {
  it.each([
    ['humidity', 51.7],
    ['temperature', 23.7],
    ['co2', 812],
  ])('keeps the %s value and its unit in one left-to-right run', (metric, value) => {
    const shown = valueText(metric, value, { locale: 'ar', live: false, occupancyTexts: { occupied: '', free: '' } });
    const element = render(card({ metric, value })).element('kpi-value');
    expect(element).toMatch(new RegExp(`<bdi dir="ltr"[^>]*>${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</bdi>`));
  });

  it('keeps a duration in Arabic units in one right-to-left run, so it reads minutes then seconds', () => {
    const shown = valueText('dwell', 798, { locale: 'ar', live: false, occupancyTexts: { occupied: '', free: '' } });
    expect(shown).toMatch(/^13\s?د و\s?18\s?ث$/u);
    const element = render(card({ metric: 'dwell', value: 798 })).element('kpi-value');
    expect(element).toMatch(new RegExp(`<bdi dir="rtl"[^>]*>${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</bdi>`));
  });

  it('names the card with the plain value for screen readers', () => {
    const shown = valueText('humidity', 51.7, { locale: 'ar', live: false, occupancyTexts: { occupied: '', free: '' } });
    expect(render(card({})).html).toContain(`aria-label="Humidity: ${shown}"`);
  });

  it.each([
    ['#EAB308', 'black'],
    ['#22C55E', 'black'],
    ['#3B82F6', 'black'],
    ['#DC2626', 'white'],
    ['#1D4ED8', 'white'],
  ])('writes the band badge on %s in %s', (color, text) => {
    const badge = render(card({ band: { limits: [0, 100], color, text: 'Band' } })).element('kpi-band');
    expect(badge).toContain(`--badge-color:var(--mantine-color-${text})`);
  });
});

describe('KpiCard comparison', () => {
  it.each([
    ['previousPeriod', false, 'widgetComparison.evolution.previousPeriod'],
    ['previousPeriod', true, 'widgetComparison.evolution.previousPeriodSoFar'],
    ['previousYear', false, 'widgetComparison.evolution.previousYear'],
    ['previousYear', true, 'widgetComparison.evolution.previousYearSoFar'],
  ] as const)('says against what it compares: %s (so far: %s)', (comparison, soFar, key) => {
    const doc = render(card({ comparison, soFar }));
    expect(doc.element('kpi-card')).toContain(`data-comparison="${comparison}"`);
    expect(doc.element('kpi-evolution')).toContain(key);
  });

  it('shows no evolution without a comparison', () => {
    const doc = render(card({ comparison: 'none', previousValue: null, evolution: null }));
    expect(doc.html).not.toContain('data-testid="kpi-evolution"');
    expect(doc.html).not.toContain('widgetComparison.');
  });
});

describe('KpiCard change', () => {
  const english = i18next.createInstance();
  void english.init({
    lng: 'en',
    initAsync: false,
    resources: { en: { translation: { widgetComparison: { evolution: { previousPeriod: '{{value}} vs previous period' }, points: '{{value}} pts', scorePoints: '{{value}} pts' } } } },
  });
  const german = i18next.createInstance();
  void german.init({
    lng: 'de',
    initAsync: false,
    resources: { de: { translation: { widgetComparison: { evolution: { previousPeriod: '{{value}} ggü. Vorperiode' }, points: '{{value}} Pp.', scorePoints: '{{value}} Pkt.' } } } },
  });

  it('moves a rate in points, not in percent of itself', () => {
    const doc = render(card({ metric: 'captureRate', value: 32.11, previousValue: 30.75, evolution: 4.42 }), english);
    // The number alone runs left to right; "pts" reads with the sentence (after it in Arabic).
    expect(doc.element('kpi-evolution')).toMatch(/<bdi dir="ltr"[^>]*>\+1\.36<\/bdi> pts vs previous period/);
    expect(doc.element('kpi-evolution')).not.toContain('4.42');
  });

  it('moves a count relatively', () => {
    const doc = render(card({ metric: 'visitorsIn', value: 1200, previousValue: 1000, evolution: 20 }), english);
    expect(doc.element('kpi-evolution')).toContain('+20.00%');
  });

  it('moves a score in points, with a tenth, not in percent of a level', () => {
    const doc = render(card({ metric: 'comfortScore', value: 3.7, previousValue: 3.4, evolution: 8.82 }), english);
    expect(doc.element('kpi-evolution')).toMatch(/<bdi dir="ltr"[^>]*>\+0\.3<\/bdi> pts vs previous period/);
    expect(doc.element('kpi-evolution')).not.toContain('%');
  });

  it("names a rate's points percentage points and a score's plain points", () => {
    expect(render(card({ metric: 'captureRate', value: 32.11, previousValue: 30.75, evolution: 4.42 }), german).element('kpi-evolution')).toMatch(/<\/bdi> Pp\. ggü\. Vorperiode/);
    expect(render(card({ metric: 'comfortScore', value: 3.7, previousValue: 3.4, evolution: 8.82 }), german).element('kpi-evolution')).toMatch(/<\/bdi> Pkt\. ggü\. Vorperiode/);
  });

  it('moves a temperature by its difference in °C, not in percent of a Celsius value', () => {
    const doc = render(card({ metric: 'temperature', value: 22.6, previousValue: 22.5, evolution: 0.44 }), english);
    expect(doc.element('kpi-evolution')).toMatch(/<bdi dir="ltr"[^>]*>\+0\.1 °C<\/bdi> vs previous period/);
    expect(doc.element('kpi-evolution')).not.toContain('%');
    expect(doc.element('kpi-evolution')).not.toContain('pts');
  });

  /** The arrow drawn before the change sentence, by its icon's name. */
  const arrow = (doc: Document) => /tabler-icon-(arrow-(?:up-right|down-right|right))/.exec(doc.html)?.[1];

  it.each([
    // Humidity 44.03 → 44.0 %RH reads "0 pts": flat, not down.
    ['humidity', 44, 44.03, 'arrow-right', /<bdi dir="ltr"[^>]*>0<\/bdi> pts/],
    ['humidity', 44, 44.06, 'arrow-down-right', /<bdi dir="ltr"[^>]*>\u200e?-0\.1<\/bdi> pts/u],
    ['temperature', 22.54, 22.5, 'arrow-right', /<bdi dir="ltr"[^>]*>0 °C<\/bdi>/],
    ['temperature', 22.56, 22.5, 'arrow-up-right', /<bdi dir="ltr"[^>]*>\+0\.1 °C<\/bdi>/],
  ] as const)('points the %s arrow the way the written change goes (%s from %s)', (metric, value, previousValue, icon, text) => {
    const doc = render(card({ metric, value, previousValue, evolution: ((value - previousValue) / previousValue) * 100 }), english);
    expect(doc.element('kpi-evolution')).toMatch(text);
    expect(arrow(doc)).toBe(icon);
  });

  it('points a relative change that reads "0%" flat', () => {
    const doc = render(card({ metric: 'visitorsIn', value: 100_002, previousValue: 100_000, evolution: -0.002 }), english);
    expect(doc.element('kpi-evolution')).toMatch(/<bdi dir="ltr"[^>]*>0%<\/bdi>/);
    expect(arrow(doc)).toBe('arrow-right');
  });
});
