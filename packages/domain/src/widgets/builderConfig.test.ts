import { describe, expect, it } from 'vitest';
import { type BuilderConfigShape, type DashboardModelShape, type ModelWidgetShape, builderConfigOfModel, isDashboardModel, modelOfBuilderConfig } from './builderConfig.ts';

/** A widget with every field of the model, a layout and a field the model may gain later. */
const everyField: ModelWidgetShape = {
  id: 41,
  type: 'lineChart',
  title: 'Visitors per hour',
  category: 'specific',
  tooltipMessages: ['Entries of the day'],
  realTime: 'fast',
  kind: 'custom',
  zoneIds: [3, 4],
  deviceIds: [7],
  passageIds: [8],
  alertIds: [9],
  ignoredFilters: ['gender'],
  headers: ['Zone', 'Visitors'],
  metrics: [
    {
      type: 'visitorsIn',
      configuration: { colorimetry: [{ limits: [0, 10], color: '#00ff00' }], label: 'In', color: '#123456' },
      limit: 5,
      filters: { operator: 'AND', conditions: [{ type: 'gender', operator: 'IS', values: ['F'] }] },
      granularity: 3600,
      sortBy: { type: 'value', order: 'DESC' },
      groupBy: { type: 'date', aggregation: 'sum', granularity: 3600 },
      target: { kind: 'zone', ids: [3] },
      passageType: 'entrance',
      complementary: true,
      customTitles: { visitorsIn: 'Entries' },
    },
  ],
  configuration: { stacked: true, thresholds: [{ value: 100, color: '#ff0000', label: 'Busy' }], showLegend: false, installationId: 2 },
  layout: { width: 'half', height: 'large' },
  futureField: { kept: true },
};

const model: DashboardModelShape = {
  format: 'sitelens.dashboard',
  formatVersion: 1,
  name: 'Centre board',
  pages: [
    {
      id: 12,
      name: 'Traffic',
      icon: 'IconChartLine',
      widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, zoneIds: [3] }],
      widgets: [everyField, { type: 'kpis', title: 'Key figures', metrics: [{ type: 'visitorsIn' }], layout: { width: 'full', height: 'auto' } }],
    },
    { name: 'New page', icon: 'IconLayoutDashboard', widgetGlobalFilters: [], widgets: [] },
  ],
};

describe('builderConfigOfModel and modelOfBuilderConfig', () => {
  it('turn a model into a config and back without losing anything', () => {
    const config = builderConfigOfModel(model, 5);
    expect(config).toMatchObject({ name: 'Centre board', icon: 'IconLayoutDashboard', installationId: 5 });
    expect(config.pages[0]!.widgets.map((w) => w.order)).toEqual([0, 1]);
    expect(config.pages[0]!.widgets[0]).toEqual({ ...everyField, order: 0 });
    expect(modelOfBuilderConfig(config)).toEqual(model);
  });

  it('turn a spec config into a model and back keeping every field, widgets in their order', () => {
    const config: BuilderConfigShape = {
      name: 'Draft board',
      icon: 'IconLayoutDashboard',
      installationId: 3,
      pages: [
        {
          name: 'Preview page',
          icon: 'IconBuildingStore',
          widgetGlobalFilters: [{ id: 2, type: 'day', order: 0, dayFilters: { operator: 'IS', values: [1, 2] } }],
          widgets: [
            { type: 'kpis', title: 'Key figures', order: 1, metrics: [{ type: 'visitorsIn' }, { type: 'visitorsOut' }] },
            { ...everyField, order: 0 },
          ],
        },
      ],
    };
    const saved = modelOfBuilderConfig(config);
    expect(saved.format).toBe('sitelens.dashboard');
    expect(saved.pages[0]!.widgets.map((w) => w.title)).toEqual(['Visitors per hour', 'Key figures']);
    expect(saved.pages[0]!.widgets.every((w) => !('order' in w) && !('pageId' in w))).toBe(true);
    const back = builderConfigOfModel(saved, 3, config.icon);
    expect(back).toEqual({ ...config, pages: [{ ...config.pages[0]!, widgets: [config.pages[0]!.widgets[1], config.pages[0]!.widgets[0]] }] });
  });

  it('gives the model what it requires: no preview ids, no page id, a title and a page name', () => {
    const saved = modelOfBuilderConfig({
      name: 'Draft',
      icon: '',
      installationId: null,
      pages: [{ name: '', icon: '', widgetGlobalFilters: [], widgets: [{ id: -1, pageId: -1, type: 'pieChart', order: 0 }] }],
    });
    expect(saved.pages).toEqual([{ name: 'Draft', icon: 'IconLayoutDashboard', widgetGlobalFilters: [], widgets: [{ type: 'pieChart', title: 'pieChart' }] }]);
  });

  it('tells a model from a spec config', () => {
    expect(isDashboardModel(model)).toBe(true);
    expect(isDashboardModel(builderConfigOfModel(model, null))).toBe(false);
    expect(isDashboardModel(null)).toBe(false);
  });
});
