import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { FigureChange } from './FigureChange.tsx';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', initAsync: false, resources: { en: { translation: { home: { sites: { change: '{{change}} against {{date}}' } } } } } });

function render(change: number, higherIsBetter = true): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <FigureChange change={change} higherIsBetter={higherIsBetter} against="Monday" />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const arrow = (html: string) => /tabler-icon-(arrow-up-right|arrow-down-right|minus)/.exec(html)?.[1];
/** The colour the change is written in: Mantine's colour name on the change's own element. */
const colour = (html: string) => /data-testid="figure-change"/.test(html) && /color:var\(--mantine-color-([a-z]+)[^"]*"[^>]*data-testid="figure-change"/.exec(html)?.[1];

describe('FigureChange', () => {
  it.each([
    // Written with one decimal: ±0.04 % reads "0%", so it is flat, neither good nor bad news.
    [0.04, 'minus', 'dimmed', '0%'],
    [-0.04, 'minus', 'dimmed', '0%'],
    [0.05, 'arrow-up-right', 'teal', '+0.1%'],
    [-0.05, 'arrow-down-right', 'red', '-0.1%'],
    [12.4, 'arrow-up-right', 'teal', '+12.4%'],
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
    expect(colour(render(-0.01, false))).toBe('dimmed');
    expect(render(-0.01, false)).toContain('data-change="0.0"');
  });
});
