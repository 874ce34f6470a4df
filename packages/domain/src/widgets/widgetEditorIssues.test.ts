import { describe, expect, it } from 'vitest';
import { widgetEditorDefault } from './widgetEditorDefaults.ts';
import { issuesAt, widgetEditorIssues } from './widgetEditorIssues.ts';
import type { ColorimetryBand } from './widgetModel.ts';

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
});
