import { describe, expect, it } from 'vitest';
import { widgetEditorDefault } from './widgetEditorDefaults.ts';
import { issuesAt, widgetEditorIssues } from './widgetEditorIssues.ts';
import type { ColorimetryBand, WidgetMetric } from './widgetModel.ts';

const site = { families: ['counting'], topZoneId: 1 };
const kpisWith = (bands: ColorimetryBand[]) => {
  const w = widgetEditorDefault('kpis', site, 'KPIs');
  return { ...w, metrics: [{ type: 'visitorsIn', configuration: { colorimetry: bands } }] };
};

describe('widgetEditorIssues', () => {
  it.each<[string, ColorimetryBand[], string[]]>([
    ['ordered bands', [{ limits: [0, 10], color: '#16A34A' }, { limits: [10, 20], color: '#DC2626' }], []],
    ['a band whose low is its high', [{ limits: [10, 10], color: '#16A34A' }], ['metrics.0.bands.0:bandOrder']],
    ['a band upside down', [{ limits: [20, 10], color: '#16A34A' }], ['metrics.0.bands.0:bandOrder']],
    ['overlapping bands', [{ limits: [0, 10], color: '#16A34A' }, { limits: [5, 20], color: '#DC2626' }], ['metrics.0.bands.1:bandOverlap']],
    ['an empty limit', [{ limits: [Number.NaN, 10], color: '#16A34A' }], ['metrics.0.bands.0:numberRequired']],
    ['a colour that is not one', [{ limits: [0, 10], color: 'green-ish' }], ['metrics.0.bands.0.color:colorInvalid']],
  ])('%s', (_, bands, expected) => {
    expect(widgetEditorIssues(kpisWith(bands)).map((i) => `${i.field}:${i.code}`)).toEqual(expected);
  });

  it('asks for a title and a metric', () => {
    const w = { ...widgetEditorDefault('lineChart', site, '  '), metrics: [] };
    expect(widgetEditorIssues(w).map((i) => i.code)).toEqual(['titleRequired', 'metricRequired']);
  });

  it('refuses a group-by the metric lacks, an aggregation the engine lacks and two metrics on a gauge', () => {
    const w = widgetEditorDefault('circleChart', site, 'Gauge');
    const wrong = { ...w, metrics: [{ type: 'co2', groupBy: { type: 'gender', aggregation: 'evolution' } }, { type: 'visitorsIn' }] };
    expect(widgetEditorIssues(wrong).map((i) => `${i.field}:${i.code}`)).toEqual(['metrics:tooManyMetrics', 'metrics.0.groupBy:groupByNotAllowed', 'metrics.0.aggregation:aggregationNotAllowed']);
  });

  it('checks thresholds and series colours', () => {
    const w = widgetEditorDefault('lineChart', site, 'Line');
    const wrong = { ...w, configuration: { thresholds: [{ value: Number.NaN }, { value: 3, color: 'x' }], colors: ['#123456', 'nope'] } };
    expect(widgetEditorIssues(wrong).map((i) => i.field)).toEqual(['thresholds.0', 'thresholds.1.color', 'colors.1']);
  });

  it('finds the issues under a field', () => {
    const issues = widgetEditorIssues(kpisWith([{ limits: [3, 1], color: '#000' }]));
    expect(issuesAt(issues, 'metrics.0')).toHaveLength(1);
    expect(issuesAt(issues, 'metrics.1')).toHaveLength(0);
  });

  it.each<[string, Partial<WidgetMetric>, string[]]>([
    ['a gender and a day', { filters: { conditions: [{ type: 'gender', operator: 'IS', values: ['FEMALE'] }, { type: 'day', operator: 'IS_NOT', values: ['6', '7'] }] } }, []],
    ['a condition without a value', { filters: { conditions: [{ type: 'day', operator: 'IS', values: [] }] } }, ['metrics.0.filters.0:filterValueRequired']],
    ['a condition type the engine does not take here', { filters: { conditions: [{ type: 'date', values: ['x'] }] } }, ['metrics.0.filters.0:filterNotAllowed']],
    ['gender IS NOT, which the engine would read as IS', { filters: { conditions: [{ type: 'gender', operator: 'IS_NOT', values: ['MALE'] }] } }, ['metrics.0.filters.0:operatorNotAllowed']],
    ['two breakdowns', { filters: { conditions: [{ type: 'gender', values: ['MALE'] }, { type: 'engagement', values: ['ENGAGED'] }] } }, ['metrics.0.filters.1:oneBreakdownFilter']],
    ['a gender condition on a metric grouped by gender', { groupBy: { type: 'gender' }, filters: { conditions: [{ type: 'gender', values: ['MALE'] }] } }, ['metrics.0.filters.0:breakdownFilterAndGroupBy']],
    ['days kept and days dropped', { filters: { conditions: [{ type: 'day', operator: 'IS', values: ['1'] }, { type: 'day', operator: 'IS_NOT', values: ['2'] }] } }, ['metrics.0.filters.0:dayOperatorsMixed', 'metrics.0.filters.1:dayOperatorsMixed']],
    ['top 3, largest first', { limit: 3, sortBy: { type: 'value', order: 'DESC' } }, []],
    ['top 0', { limit: 0 }, ['metrics.0.limit:limitRange']],
    ['top 2.5', { limit: 2.5 }, ['metrics.0.limit:limitRange']],
    ['top 10 001', { limit: 10_001 }, ['metrics.0.limit:limitRange']],
    ['a sort the engine does not know', { sortBy: { type: 'name', order: 'ASC' } }, ['metrics.0.sortBy:sortNotAllowed']],
  ])('%s', (_, patch, expected) => {
    const w = widgetEditorDefault('barChart', site, 'Bars');
    const wrong = { ...w, metrics: [{ type: 'visitorsIn', ...patch }] };
    expect(widgetEditorIssues(wrong).map((i) => `${i.field}:${i.code}`)).toEqual(expected);
  });

  it('refuses a gender condition on a metric without genders', () => {
    const w = widgetEditorDefault('barChart', site, 'Bars');
    expect(widgetEditorIssues({ ...w, metrics: [{ type: 'co2', filters: { conditions: [{ type: 'gender', values: ['MALE'] }] } }] }).map((i) => i.code)).toEqual(['filterNotAllowed']);
  });
});
