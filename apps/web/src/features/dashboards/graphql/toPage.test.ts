import { describe, expect, it } from 'vitest';
import type { PageRow } from './dashboards.ts';
import { toPage } from './toPage.ts';

type WidgetRow = PageRow['widgets'][number];

const widgetRow = (over: Partial<WidgetRow> = {}): WidgetRow => ({
  id: 5,
  pageId: 9,
  type: 'lineChart',
  title: 'Visitors',
  category: 'specific',
  tooltipMessages: [],
  realTime: 'live',
  order: 1,
  kind: 'custom',
  zoneIds: [3],
  deviceIds: [],
  passageIds: [],
  alertIds: [],
  ignoredFilters: ['gender'],
  headers: null,
  metrics: [{ type: 'visitorsIn', granularity: 60 }],
  configuration: { stacked: true },
  layout: null,
  ...over,
});

const pageRow = (widgets: WidgetRow[], widgetGlobalFilters: unknown = [{ id: 1, type: 'timespan', order: 0 }]): PageRow => ({
  id: 9,
  dashboardId: 4,
  name: 'Entrance',
  icon: 'IconDoor',
  order: 0,
  installationId: 12,
  widgetGlobalFilters,
  widgets,
});

describe('toPage', () => {
  it('reads a widget’s layout, and none when the server sends null or not an object', () => {
    expect(toPage(pageRow([widgetRow({ layout: { width: 'full', height: 'large' } })])).widgets[0]!.layout).toEqual({ width: 'full', height: 'large' });
    expect(toPage(pageRow([widgetRow({ layout: null })])).widgets[0]!.layout).toBeUndefined();
    expect(toPage(pageRow([widgetRow({ layout: 'wide' })])).widgets[0]!.layout).toBeUndefined();
  });

  it('keeps what the server stored: the widgets, their metrics and configuration, and the page presets', () => {
    const page = toPage(pageRow([widgetRow()]));
    expect(page).toMatchObject({ id: 9, installationId: 12, widgetGlobalFilters: [{ id: 1, type: 'timespan', order: 0 }] });
    expect(page.widgets[0]).toMatchObject({
      category: 'specific',
      realTime: 'live',
      zoneIds: [3],
      ignoredFilters: ['gender'],
      metrics: [{ type: 'visitorsIn', granularity: 60 }],
      configuration: { stacked: true },
    });
  });

  it('reads a widget without headers as one that names its columns after the metrics', () => {
    expect(toPage(pageRow([widgetRow({ headers: null })])).widgets[0]!.headers).toBeUndefined();
    expect(toPage(pageRow([widgetRow({ headers: ['Zone', 'In'] })])).widgets[0]!.headers).toEqual(['Zone', 'In']);
  });

  it('reads JSON that is not the expected list or object as empty rather than breaking the page', () => {
    const page = toPage(pageRow([widgetRow({ metrics: 'visitorsIn', configuration: null, realTime: 'sometimes', category: 'other' })], null));
    expect(page.widgetGlobalFilters).toEqual([]);
    expect(page.widgets[0]).toMatchObject({ metrics: [], configuration: {}, realTime: null, category: 'global' });
  });
});
