import { describe, expect, it } from 'vitest';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { widgetEditorDefault } from './widgetEditorDefaults.ts';
import { widgetEditorIssues } from './widgetEditorIssues.ts';
import { editorGroupBys } from './widgetEditorOptions.ts';

// The cases of the editor's former defaultWidget (apps/web), now checked against the one rule the
// editor's gallery uses. Where the answer changed on purpose, docs/decisions.md says why.

const HOUR = 3600;
/** The aggregation the engine applies: the widget's own, else the metric's (sum for counts, average for levels). */
const appliedAggregation = (m: { type: string; groupBy?: { aggregation?: string } }) => m.groupBy?.aggregation ?? metricDefinition(m.type)?.defaultAggregation;

describe('a new widget from the gallery', () => {
  it.each([
    ['counting site, line chart: visitors per hour, summed', 'lineChart', ['counting'], { type: 'visitorsIn', groupBy: { type: 'date', granularity: HOUR } }, 'sum'],
    ['air-quality site, line chart: CO2 per hour, averaged', 'lineChart', ['atmosphere'], { type: 'co2', groupBy: { type: 'date', granularity: HOUR } }, 'average'],
    ['counting site, column chart: visitors on a time axis', 'columnChart', ['counting'], { type: 'visitorsIn', groupBy: { type: 'date', granularity: HOUR } }, 'sum'],
    ['key figures: the metric alone, no grouping', 'kpis', ['counting'], { type: 'visitorsIn' }, 'sum'],
  ] as const)('%s', (_, type, families, metric, aggregation) => {
    const w = widgetEditorDefault(type, { families, topZoneId: 3 }, 'New');
    expect(w.metrics).toEqual([metric]);
    expect(appliedAggregation(w.metrics[0]!)).toBe(aggregation);
    expect(w.title).toBe('New');
  });

  it('groups only as the side panel can show it again', () => {
    for (const type of ['lineChart', 'columnChart', 'barChart', 'table', 'pieChart', 'circleChart'] as const) {
      const [m] = widgetEditorDefault(type, { families: ['counting'], topZoneId: 3 }, 't').metrics;
      if (m?.groupBy) expect(editorGroupBys(m.type), type).toContain(m.groupBy.type);
    }
  });

  it('on a site that measures nothing has no metric, and the panel asks for one (no visitors it cannot count)', () => {
    const w = widgetEditorDefault('columnChart', { families: [], topZoneId: 3 }, 'New');
    expect(w.metrics).toEqual([]);
    expect(widgetEditorIssues(w)).toEqual([{ field: 'metrics', code: 'metricRequired' }]);
  });

  it('needs no metric for the weather, and targets the top zone for a heat map', () => {
    expect(widgetEditorDefault('weather', { families: [], topZoneId: 3 }, 'W').metrics).toEqual([]);
    expect(widgetEditorDefault('weather', { families: ['counting'], topZoneId: 3 }, 'W').metrics).toEqual([]);
    expect(widgetEditorDefault('heatmap', { families: ['counting'], topZoneId: 3 }, 'H').zoneIds).toEqual([3]);
    expect(widgetEditorDefault('heatmap', { families: ['counting'], topZoneId: null }, 'H').zoneIds).toEqual([]);
  });
});
