import { describe, expect, it } from 'vitest';
import { parseBuilderMessage, WIDGET_BUILDER_PAGE_ID } from './builderMessages.ts';

describe('parseBuilderMessage', () => {
  it('reads the init signal and a token', () => {
    expect(parseBuilderMessage({ type: 'init' })).toEqual({ type: 'init' });
    expect(parseBuilderMessage({ type: 'token', token: 'abc' })).toEqual({ type: 'token', token: 'abc' });
  });

  it('reads a dashboard config and puts its widgets on the fixed preview page', () => {
    const m = parseBuilderMessage({
      type: 'dashboardConfig',
      config: {
        name: 'Draft',
        installationId: 4,
        pages: [{ name: 'First', widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, zoneIds: [9] }], widgets: [{ type: 'lineChart', title: 'Visitors', metrics: [{ type: 'visitorsIn' }] }, 'junk'] }],
      },
    });
    expect(m?.type).toBe('dashboardConfig');
    if (m?.type !== 'dashboardConfig') return;
    expect(m.config).toMatchObject({ name: 'Draft', icon: 'IconLayoutDashboard', installationId: 4 });
    expect(m.config.pages[0]!.widgets).toEqual([
      expect.objectContaining({ id: -1, pageId: WIDGET_BUILDER_PAGE_ID, type: 'lineChart', title: 'Visitors', order: 0, zoneIds: [], configuration: {}, metrics: [{ type: 'visitorsIn' }] }),
    ]);
    expect(m.config.pages[0]!.widgetGlobalFilters).toHaveLength(1);
  });

  it('keeps the headers and the layout of a widget of the spec config', () => {
    const m = parseBuilderMessage({
      type: 'dashboardConfig',
      config: { name: 'Draft', pages: [{ name: 'P', widgets: [{ type: 'table', title: 'Zones', headers: ['Zone', 'Visitors'], layout: { width: 'half', height: 'small' } }] }] },
    });
    if (m?.type !== 'dashboardConfig') throw new Error('not read');
    expect(m.config.pages[0]!.widgets[0]).toMatchObject({ headers: ['Zone', 'Visitors'], layout: { width: 'half', height: 'small' } });
  });

  it('reads a dashboard model sent as the config, with its site beside it, as the config it stands for', () => {
    const widget = {
      id: 41,
      type: 'lineChart',
      title: 'Visitors per hour',
      category: 'specific',
      tooltipMessages: ['Entries'],
      realTime: 'fast',
      kind: 'custom',
      zoneIds: [3],
      deviceIds: [7],
      passageIds: [8],
      alertIds: [9],
      ignoredFilters: ['gender'],
      headers: ['Hour'],
      metrics: [{ type: 'visitorsIn', groupBy: { type: 'date', granularity: 3600 } }],
      configuration: { stacked: true },
      layout: { width: 'full', height: 'large' },
    };
    const model = {
      format: 'sitelens.dashboard',
      formatVersion: 1,
      name: 'Centre board',
      pages: [
        { id: 12, name: 'Traffic', icon: 'IconChartLine', widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, zoneIds: [3] }], widgets: [{ type: 'kpis', title: 'Key figures' }, widget] },
        { name: 'Second', icon: 'IconLayoutDashboard', widgetGlobalFilters: [], widgets: [] },
      ],
    };
    const m = parseBuilderMessage({ type: 'dashboardConfig', config: model, installationId: 6 });
    if (m?.type !== 'dashboardConfig') throw new Error('not read');
    expect(m.config).toMatchObject({ name: 'Centre board', icon: 'IconLayoutDashboard', installationId: 6 });
    expect(m.config.pages.map((p) => p.name)).toEqual(['Traffic', 'Second']);
    const [kpis, line] = m.config.pages[0]!.widgets;
    expect(kpis).toMatchObject({ id: -1, type: 'kpis', order: 0, pageId: WIDGET_BUILDER_PAGE_ID });
    expect(line).toEqual({ ...widget, order: 1, pageId: WIDGET_BUILDER_PAGE_ID });
    expect(m.config.pages[0]!.widgetGlobalFilters).toEqual(model.pages[0]!.widgetGlobalFilters);
    // Without a site the preview reads the organization's first, as for the spec config.
    const bare = parseBuilderMessage({ type: 'dashboardConfig', config: { ...model, pages: 'junk' } });
    expect(bare).toEqual({ type: 'dashboardConfig', config: { name: 'Centre board', icon: 'IconLayoutDashboard', installationId: null, pages: [] } });
  });

  it.each([null, 'init', { type: 'token' }, { type: 'token', token: '' }, { type: 'dashboardConfig' }, { type: 'reload' }])('ignores %j', (data) => {
    expect(parseBuilderMessage(data)).toBeNull();
  });
});
