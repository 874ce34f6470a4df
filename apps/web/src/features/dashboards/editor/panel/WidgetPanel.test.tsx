import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MockedProvider } from '@apollo/client/testing';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { type EditorWidget, type WidgetType, widgetEditorDefault } from '@sitelens/domain';
import { cssVariablesResolver, theme } from '../../../../app/theme.ts';
import type { WidgetSite } from '../../../../widgets/core/widgetContext.ts';
import { WidgetPanel } from './WidgetPanel.tsx';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'ar', resources: {}, initAsync: false });
const site: WidgetSite = { id: 1, name: 'Mall', timezone: 'Europe/Paris', changeOfDayTime: '04:00', openingHours: [], creationDate: '2024-01-01' };
const make = (type: WidgetType): EditorWidget => widgetEditorDefault(type, { families: ['counting'], topZoneId: 2 }, 'Title');

/** The panel as an Arabic page renders it before the site's targets arrive (keys stand for the words). */
function render(widget: EditorWidget): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MockedProvider mocks={[]}>
        <DirectionProvider initialDirection="rtl">
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <WidgetPanel widget={widget} site={site} onChange={() => {}} onClose={() => {}} />
          </MantineProvider>
        </DirectionProvider>
      </MockedProvider>
    </I18nextProvider>,
  );
}

const sections = (html: string) => [...html.matchAll(/data-section="(\w+)"/g)].map((m) => m[1]);

describe('WidgetPanel', () => {
  it('shows the sections of the type, each a fieldset with its legend', () => {
    const html = render(make('lineChart'));
    expect(sections(html)).toEqual(['title', 'metrics', 'targets', 'grouping', 'filters', 'topN', 'thresholds', 'colors', 'display', 'ignoredFilters', 'refresh']);
    expect(html).toContain('<legend');
    expect(html).toContain('widgetPanel.sections.thresholds');
    expect(html).toContain('widgetPanel.display.showLegend');
    expect(html).not.toContain('widgetPanel.display.halfCircle');
  });

  it('shows a gauge its half circle switch and the weather its title only', () => {
    expect(render(make('circleChart'))).toContain('widgetPanel.display.halfCircle');
    expect(sections(render(make('weather')))).toEqual(['title']);
  });

  it('says next to the field what is wrong', () => {
    const kpis = make('kpis');
    const html = render({ ...kpis, title: '', metrics: [{ type: 'visitorsIn', configuration: { colorimetry: [{ limits: [10, 5], color: '#16A34A' }] } }] });
    expect(html).toContain('widgetPanel.errors.titleRequired');
    expect(html).toContain('widgetPanel.errors.bandOrder');
    expect(html).toContain('widgetComparison.label');
  });

  it('has a named close button', () => {
    expect(render(make('table'))).toContain('aria-label="widgetPanel.close"');
  });

  it('shows a metric condition, its top N and order, and the ignored filters ticked', () => {
    const bars = make('barChart');
    const metric = { type: 'visitorsIn', groupBy: { type: 'zoneId' }, limit: 3, sortBy: { type: 'value', order: 'DESC' as const }, filters: { conditions: [{ type: 'gender', operator: 'IS' as const, values: ['FEMALE'] }] } };
    const html = render({ ...bars, metrics: [metric], ignoredFilters: ['zone'] });
    expect(html).toContain('widgetPanel.filters.conditionN');
    expect(html).toContain('value="widgetPanel.filters.types.gender"');
    expect(html).toContain('value="widgetPanel.filters.values.FEMALE"');
    expect(html).toContain('aria-label="widgetPanel.filters.remove"');
    expect(html).toContain('value="3"');
    expect(html).toContain('value="widgetPanel.topN.orders.DESC"');
    // The switches are checkboxes too, without a value.
    const boxes = [...html.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)].map((m) => m[0]).filter((b) => b.includes('value="'));
    expect(boxes.map((b) => b.match(/value="(\w+)"/)?.[1])).toEqual(['date', 'day', 'zone', 'gender', 'engagement', 'category']);
    expect(boxes.filter((b) => / checked=""/.test(b)).map((b) => b.match(/value="(\w+)"/)?.[1])).toEqual(['zone']);
    expect(html).not.toContain('widgetPanel.errors.');
  });

  it('says a top N out of bounds and a condition without value is wrong', () => {
    const bars = make('barChart');
    const html = render({ ...bars, metrics: [{ type: 'visitorsIn', limit: 0, filters: { conditions: [{ type: 'day', operator: 'IS', values: [] }] } }] });
    expect(html).toContain('widgetPanel.errors.limitRange');
    expect(html).toContain('widgetPanel.errors.filterValueRequired');
  });

  it('offers the alert log only the filters it follows, and a gauge no top N', () => {
    const log = render(make('alertLogsTable'));
    expect([...log.matchAll(/type="checkbox"[^>]*value="(\w+)"|value="(\w+)"[^>]*type="checkbox"/g)].map((m) => m[1] ?? m[2])).toEqual(['date', 'zone']);
    expect(sections(render(make('circleChart')))).not.toContain('topN');
  });
});
