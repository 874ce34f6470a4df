import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { type EditorWidget, widgetEditorDefault } from '@sitelens/domain';
import { cssVariablesResolver, theme } from '../../../../../app/theme.ts';
import { ComparisonSection, withComparison } from './ComparisonSection.tsx';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: {}, initAsync: false });
const kpis = (configuration: EditorWidget['configuration'] = {}): EditorWidget => ({ ...widgetEditorDefault('kpis', { families: ['counting'], topZoneId: 2 }, 'Figures'), configuration });

/** The section as the panel renders it (keys stand for the words). */
function render(widget: EditorWidget): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ComparisonSection widget={widget} onChange={() => {}} issue={() => undefined} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const checked = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).filter((i) => /\schecked/.test(i)).map((i) => /value="(\w+)"/.exec(i)?.[1]);

describe('ComparisonSection', () => {
  it('is a labelled radio group of the three comparisons, the stored one chosen (absent: the previous period)', () => {
    const html = render(kpis());
    expect(html).toContain('role="radiogroup"');
    expect(html).toContain('widgetComparison.label');
    for (const c of ['previousPeriod', 'previousYear', 'none']) expect(html).toContain(`widgetComparison.options.${c}`);
    expect([...html.matchAll(/type="radio"/g)]).toHaveLength(3);
    expect(checked(html)).toEqual(['previousPeriod']);
    expect(checked(render(kpis({ comparison: 'previousYear' })))).toEqual(['previousYear']);
    expect(checked(render(kpis({ comparison: 'none', hideUnit: true })))).toEqual(['none']);
  });

  it('writes configuration.comparison, leaving the default out of the stored JSON', () => {
    const widget = kpis({ hideUnit: true });
    expect(withComparison(widget, 'previousYear').configuration).toEqual({ hideUnit: true, comparison: 'previousYear' });
    expect(withComparison(widget, 'none').configuration).toEqual({ hideUnit: true, comparison: 'none' });
    expect(withComparison(kpis({ comparison: 'none' }), 'previousPeriod').configuration).toEqual({});
    expect(withComparison(widget, 'lastDecade')).toBe(widget);
  });
});
