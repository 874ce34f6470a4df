import { describe, expect, it } from 'vitest';
import { isGroupByType } from '../metrics/catalogue/groupByTypes.ts';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { storedMetric } from '../metrics/storedMetrics.ts';
import { widgetEditorDefault } from './widgetEditorDefaults.ts';
import { IGNORABLE_FILTERS, WIDGET_EDITOR_FIELDS, widgetEditorFields } from './widgetEditorFields.ts';
import { widgetEditorIssues } from './widgetEditorIssues.ts';
import { EDITOR_AGGREGATIONS, editorFilterOperators, editorFilterTypes, editorGroupBys } from './widgetEditorOptions.ts';
import { WIDGET_TYPES } from './widgetModel.ts';

const sites = [
  { name: 'shopping centre', site: { families: ['counting'], topZoneId: 7, childZoneIds: [71, 72, 73] } },
  { name: 'office', site: { families: ['atmosphere'], topZoneId: 3 } },
  { name: 'energy', site: { families: ['energy'], topZoneId: 9 } },
  { name: 'shop with sales', site: { families: ['counting', 'sales'], topZoneId: 1 } },
];

describe('widget editor fields', () => {
  it('covers every widget type, each with a title and a thumbnail', () => {
    expect(Object.keys(WIDGET_EDITOR_FIELDS).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const type of WIDGET_TYPES) {
      expect(widgetEditorFields(type).sections[0]).toBe('title');
      expect(widgetEditorFields(type).thumbnail).toBeTruthy();
    }
  });

  it('offers metrics exactly to the types that draw metrics, and grouping only with metrics', () => {
    for (const type of WIDGET_TYPES) {
      const f = widgetEditorFields(type);
      expect(f.sections.includes('metrics'), type).toBe(f.metrics !== 'none');
      if (f.sections.includes('grouping')) expect(f.metrics, type).not.toBe('none');
      expect(f.sections.includes('display'), type).toBe(f.switches.length > 0);
      expect(f.sections.includes('targets'), type).toBe(f.targets.length > 0);
    }
  });

  it('gives thresholds to the charts that draw them and colour bands to the kpis and the map', () => {
    expect(widgetEditorFields('lineChart').sections).toContain('thresholds');
    expect(widgetEditorFields('circleChart').sections).toContain('thresholds');
    expect(widgetEditorFields('kpis').sections).toContain('colorBands');
    expect(widgetEditorFields('mapView').sections).toContain('colorBands');
    expect(widgetEditorFields('kpis').sections).toContain('comparison');
    expect(widgetEditorFields('weather').sections).toEqual(['title']);
  });
});

describe('filters, top N and ignored filters', () => {
  const withSection = (section: string) => WIDGET_TYPES.filter((type) => (widgetEditorFields(type).sections as readonly string[]).includes(section)).sort();

  it('gives metric conditions to the types whose metrics reach the engine with them, never without metrics', () => {
    expect(withSection('filters')).toEqual(
      ['areaChart', 'barChart', 'circleChart', 'columnChart', 'gridChart', 'kpis', 'lineChart', 'pieChart', 'progressBarChart', 'table', 'webChart', 'zones'].sort(),
    );
    // The map draws its plan's views, the log and the heatmap have no metric, the weather is the site's.
    for (const type of ['mapView', 'alertLogsTable', 'heatmap', 'weather'] as const) expect(widgetEditorFields(type).sections, type).not.toContain('filters');
  });

  it('gives top N to the types drawing one row, bar, slice or line per series', () => {
    expect(withSection('topN')).toEqual(['areaChart', 'barChart', 'columnChart', 'lineChart', 'pieChart', 'table']);
    for (const type of WIDGET_TYPES) if (withSection('topN').includes(type)) expect(widgetEditorFields(type).metrics, type).not.toBe('none');
  });

  it('offers to ignore exactly the page filters each renderer follows', () => {
    for (const type of WIDGET_TYPES) {
      const f = widgetEditorFields(type);
      expect(f.sections.includes('ignoredFilters'), type).toBe(f.ignorable.length > 0);
      for (const filter of f.ignorable) expect(IGNORABLE_FILTERS).toContain(filter);
    }
    expect(widgetEditorFields('lineChart').ignorable).toEqual(IGNORABLE_FILTERS);
    expect(widgetEditorFields('alertLogsTable').ignorable).toEqual(['date', 'zone']);
    expect(widgetEditorFields('heatmap').ignorable).toEqual(['zone', 'gender']);
    expect(widgetEditorFields('weather').ignorable).toEqual([]);
  });

  it('keeps the sections in the panel order', () => {
    const order = ['title', 'metrics', 'targets', 'grouping', 'filters', 'topN', 'comparison', 'thresholds', 'colorBands', 'colors', 'display', 'ignoredFilters', 'refresh'];
    for (const type of WIDGET_TYPES) {
      const at = widgetEditorFields(type).sections.map((s) => order.indexOf(s));
      expect(at, type).toEqual([...at].sort((a, b) => a - b));
      expect(at, type).not.toContain(-1);
    }
  });

  it('offers the conditions a metric carries: breakdowns it is split by, tags on zones, days and hours', () => {
    expect(editorFilterTypes('visitorsIn')).toEqual(['gender', 'engagement', 'category', 'day', 'hours']);
    expect(editorFilterTypes('co2')).toEqual(['category', 'day', 'hours']);
    expect(editorFilterTypes('nope')).toEqual([]);
    expect(editorFilterOperators('day')).toEqual(['IS', 'IS_NOT']);
    expect(editorFilterOperators('gender')).toEqual(['IS']);
  });
});

describe.each(sites)('a new widget on a $name site', ({ site }) => {
  it.each([...WIDGET_TYPES])('%s is what the server accepts', (type) => {
    const w = widgetEditorDefault(type, site, 'Visitors');
    expect(w.type).toBe(type);
    expect(w.title).toBe('Visitors');
    expect(widgetEditorIssues(w)).toEqual([]);
    for (const m of w.metrics) {
      expect(metricDefinition(m.type), m.type).toBeDefined();
      if (m.groupBy) expect(isGroupByType(m.groupBy.type)).toBe(true);
    }
    if (widgetEditorFields(type).metrics !== 'none') expect(w.metrics).toHaveLength(1);
    // The whole site, or the top zone's children a comparison compares (the zones widget lists both).
    const zones = [site.topZoneId, ...(('childZoneIds' in site && site.childZoneIds) || [])];
    if (widgetEditorFields(type).targets.includes('zone')) expect(zones).toEqual(expect.arrayContaining(w.zoneIds));
    if (widgetEditorFields(type).targets.includes('zone')) expect(w.zoneIds.length).toBeGreaterThan(0);
  });
});

describe('a new widget', () => {
  it('takes a metric the site measures', () => {
    expect(widgetEditorDefault('lineChart', sites[0]!.site, 't').metrics[0]!.type).toBe('visitorsIn');
    expect(widgetEditorDefault('circleChart', sites[1]!.site, 't').metrics[0]!.type).toBe('co2');
    expect(widgetEditorDefault('columnChart', sites[2]!.site, 't').metrics[0]!.type).toBe('electricityConsumption');
  });

  it('has no zone when the site has no top zone, and no metric when the site measures nothing', () => {
    const w = widgetEditorDefault('kpis', { families: [], topZoneId: null }, 't');
    expect(w.zoneIds).toEqual([]);
    expect(widgetEditorIssues(w)).toEqual([{ field: 'metrics', code: 'metricRequired' }]);
  });
});

describe('editor group-bys', () => {
  it('are known group-by types, with the breakdowns the metric carries only', () => {
    expect(editorGroupBys('visitorsIn')).toEqual(expect.arrayContaining(['date', 'gender', 'engagement', 'ageCategory']));
    expect(editorGroupBys('co2')).not.toContain('gender');
    expect(editorGroupBys('groupSize')).toContain('groupSize');
    expect(editorGroupBys('nope')).toEqual([]);
    for (const id of ['visitorsIn', 'co2', 'electricityConsumption', 'waterConsumption', 'inside']) {
      for (const g of editorGroupBys(id)) expect(isGroupByType(g)).toBe(true);
    }
    expect(storedMetric('visitorsIn')?.breakdowns).toContain('gender');
  });

  it('offer only aggregations the engine answers', () => {
    expect(EDITOR_AGGREGATIONS).not.toContain('evolution');
    expect(EDITOR_AGGREGATIONS).not.toContain('weightedPercentage');
  });
});
