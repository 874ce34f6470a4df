import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { FigureChange } from './FigureChange.tsx';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  resources: { en: { translation: { home: { sites: { change: '{{change}} against {{date}}' } }, widgetComparison: { points: '{{value}} pts', scorePoints: '{{value}} pts' } } } },
});

/** A count's relative change in percent: the home card's visitors. */
function render(change: number, higherIsBetter = true): string {
  return renderFigure('visitorsIn', null, null, change, higherIsBetter);
}

function renderFigure(metric: string, value: number | null, previous: number | null, change: number | null, higherIsBetter = true): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <FigureChange metric={metric} value={value} previous={previous} change={change} higherIsBetter={higherIsBetter} against="Monday" />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const arrow = (html: string) => /tabler-icon-(arrow-up-right|arrow-down-right|minus)/.exec(html)?.[1];
/** The colour the change is written in: Mantine's colour name on the change's own element. */
const colour = (html: string) => /data-testid="figure-change"/.test(html) && /color:var\(--mantine-color-([a-z]+)[^"]*"[^>]*data-testid="figure-change"/.exec(html)?.[1];

describe('FigureChange', () => {
  it.each([
    // Written with two decimals, as every percentage: ±0.004 % reads "0%", so it is flat, neither good nor bad news.
    [0.004, 'minus', 'dimmed', '0%'],
    [-0.004, 'minus', 'dimmed', '0%'],
    [0.005, 'arrow-up-right', 'teal', '+0.01%'],
    [-0.005, 'arrow-down-right', 'red', '-0.01%'],
    [12.4, 'arrow-up-right', 'teal', '+12.40%'],
  ] as const)('points a change of %s %% the way it reads: %s', (change, icon, expected, text) => {
    const html = render(change);
    expect(html).toContain(`aria-label="${text} against Monday"`);
    expect(arrow(html)).toBe(icon);
    expect(colour(html)).toBe(expected);
  });

  it('colours a fall red when a rise is good news, and green when it is not', () => {
    expect(colour(render(-3, false))).toBe('teal');
    expect(colour(render(3, false))).toBe('red');
    // A flat change of a "lower is better" figure is no news either.
    expect(colour(render(-0.001, false))).toBe('dimmed');
    expect(render(-0.001, false)).toContain('data-change="0%"');
  });

  it('moves a score in points, not by a percentage of a level', () => {
    const html = renderFigure('comfortScore', 4, 3, 33.33);
    expect(html).toContain('aria-label="+1.0 pts against Monday"');
    expect(html).toContain('data-kind="points"');
    expect(html).not.toContain('33.33');
  });

  it('turns its arrow around in right-to-left pages, where time runs right to left', () => {
    expect(render(12.4)).toMatch(/class="[^"]*tabler-icon-arrow-up-right[^"]*sl-flip-rtl/);
  });
});
