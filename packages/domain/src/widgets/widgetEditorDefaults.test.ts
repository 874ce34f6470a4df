import { describe, expect, it } from 'vitest';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { WIDGET_TYPES } from './widgetModel.ts';
import { type EditorSite, widgetEditorDefault } from './widgetEditorDefaults.ts';
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

// A shopping centre as the editor reads it: the whole centre (1) and its three floors.
const CENTRE: EditorSite = { families: ['counting', 'sales'], topZoneId: 1, childZoneIds: [2, 3, 4] };

describe('a new widget starts on something to read (docs/decisions.md, "New widgets start on a comparison")', () => {
  it.each(['pieChart', 'webChart', 'progressBarChart'] as const)('%s compares the top zone’s children, each with its dependents, by visitors in', (type) => {
    const w = widgetEditorDefault(type, CENTRE, 'New');
    expect(w.zoneIds).toEqual([2, 3, 4]);
    expect(w.metrics).toEqual([{ type: 'visitorsIn', groupBy: { type: 'zone' } }]);
    expect(widgetEditorIssues(w)).toEqual([]);
  });

  it('a gauge shows a rate, whose ring has a maximum (100 %), on the whole site', () => {
    const w = widgetEditorDefault('circleChart', CENTRE, 'New');
    expect(w.zoneIds).toEqual([1]);
    expect(w.metrics).toEqual([{ type: 'captureRate', groupBy: { type: 'all' } }]);
    expect(metricDefinition('captureRate')?.maximum).toBe('hundred');
  });

  it('the zones widget lists the whole site and its children, by visitors in', () => {
    const w = widgetEditorDefault('zones', CENTRE, 'New');
    expect(w.zoneIds).toEqual([1, 2, 3, 4]);
    expect(w.metrics).toEqual([{ type: 'visitorsIn' }]);
  });

  it('no type starts on a level read at the period’s end (“inside” is 0 for a closed day)', () => {
    for (const type of WIDGET_TYPES) {
      for (const site of [CENTRE, { families: ['counting'], topZoneId: 1 }]) {
        expect(widgetEditorDefault(type, site, 't').metrics.map((m) => m.type), type).not.toContain('inside');
      }
    }
  });

  it('with too few children to compare: the genders of the whole site; a radar needs three children', () => {
    const twoFloors = { families: ['counting'], topZoneId: 1, childZoneIds: [2, 3] };
    expect(widgetEditorDefault('pieChart', twoFloors, 'P')).toMatchObject({ zoneIds: [2, 3], metrics: [{ type: 'visitorsIn', groupBy: { type: 'zone' } }] });
    expect(widgetEditorDefault('webChart', twoFloors, 'R')).toMatchObject({ zoneIds: [1], metrics: [{ type: 'visitorsIn', groupBy: { type: 'gender' } }] });
    const oneZone = { families: ['counting'], topZoneId: 1, childZoneIds: [] };
    for (const type of ['pieChart', 'webChart', 'progressBarChart'] as const) {
      const w = widgetEditorDefault(type, oneZone, 't');
      expect(w).toMatchObject({ zoneIds: [1], metrics: [{ type: 'visitorsIn', groupBy: { type: 'gender' } }] });
      expect(widgetEditorIssues(w)).toEqual([]);
    }
  });

  it('a metric without genders on a site without children keeps the whole site (nothing else to compare)', () => {
    const office = { families: ['atmosphere'], topZoneId: 5, childZoneIds: [] };
    expect(widgetEditorDefault('pieChart', office, 'P')).toMatchObject({ zoneIds: [5], metrics: [{ type: 'co2', groupBy: { type: 'zoneId' } }] });
    // CO2 per room is a comparison too, averaged per room.
    const rooms = { ...office, childZoneIds: [6, 7, 8] };
    expect(widgetEditorDefault('webChart', rooms, 'R')).toMatchObject({ zoneIds: [6, 7, 8], metrics: [{ type: 'co2', groupBy: { type: 'zone' } }] });
  });
});
