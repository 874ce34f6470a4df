import { widgetEditorDefault } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';
import { newCondition, nextBand, numberOf, removeAt, withConditionType, withConditions, withConfiguration, withGroupByField, withGroupByType, withIgnoredFilters, withLimit, withMetricType, withSortOrder } from './widgetEdits.ts';

const line = widgetEditorDefault('lineChart', { families: ['counting', 'atmosphere'], topZoneId: 4 }, 'Visitors');

describe('side panel edits', () => {
  it('change the metric and keep a grouping the new metric allows', () => {
    const byGender = { ...line, metrics: [{ type: 'visitorsIn', groupBy: { type: 'gender', aggregation: 'sum' } }] };
    expect(withMetricType(byGender, 0, 'visitorsOut').metrics[0]!.groupBy).toEqual({ type: 'date', granularity: 3600 });
    expect(withMetricType(line, 0, 'pedestrians').metrics[0]!.groupBy).toEqual(line.metrics[0]!.groupBy);
    expect(line.metrics[0]!.type).toBe('visitorsIn');
  });

  it("forget the old metric's name and bands when the metric changes", () => {
    const named = { ...line, metrics: [{ type: 'co2', configuration: { label: 'Air', colorimetry: [{ limits: [0, 800] as [number, number], color: '#16A34A' }] } }] };
    expect(withMetricType(named, 0, 'temperature').metrics[0]!.configuration).toBeUndefined();
  });

  it('add a metric at the end', () => {
    expect(withMetricType(line, 1, 'co2').metrics.map((m) => m.type)).toEqual(['visitorsIn', 'co2']);
  });

  it('group and aggregate a metric', () => {
    const m = line.metrics[0]!;
    expect(withGroupByType(m, 'none').groupBy).toBeUndefined();
    expect(withGroupByType(m, 'zoneId').groupBy).toEqual({ type: 'zoneId' });
    expect(withGroupByField(m, 'aggregation', 'max').groupBy).toEqual({ type: 'date', granularity: 3600, aggregation: 'max' });
    expect(withGroupByField(withGroupByField(m, 'aggregation', 'max'), 'aggregation', undefined).groupBy).toEqual({ type: 'date', granularity: 3600 });
    expect(withGroupByField({ type: 'co2' }, 'granularity', 86400).groupBy).toEqual({ type: 'date', granularity: 86400 });
  });

  it('drop configuration keys that are unset or empty', () => {
    const stacked = withConfiguration(line, { stacked: true, colors: ['#123456'] });
    expect(stacked.configuration).toEqual({ showLegend: true, stacked: true, colors: ['#123456'] });
    expect(withConfiguration(stacked, { stacked: undefined, colors: [] }).configuration).toEqual({ showLegend: true });
    expect(line.configuration).toEqual({ showLegend: true });
  });

  it('append a band after the last one, as wide', () => {
    expect(nextBand([], '#000')).toEqual({ limits: [0, 100], color: '#000' });
    expect(nextBand([{ limits: [0, 800], color: '#111' }], '#000').limits).toEqual([800, 1600]);
    expect(nextBand([{ limits: [5, 5], color: '#111' }], '#000').limits).toEqual([5, 105]);
  });

  it('read number fields and remove rows', () => {
    expect(numberOf('')).toBeNaN();
    expect(numberOf(' 12.5')).toBe(12.5);
    expect(numberOf(3)).toBe(3);
    expect(removeAt([1, 2, 3], 1)).toEqual([1, 3]);
  });

  it('add, change and remove a metric condition, dropping the filters with the last one', () => {
    const m = line.metrics[0]!;
    const female = withConditions(m, [newCondition('gender'), newCondition('day')]);
    expect(female.filters).toEqual({ operator: 'AND', conditions: [{ type: 'gender', operator: 'IS', values: ['FEMALE'] }, { type: 'day', operator: 'IS', values: ['1'] }] });
    expect(newCondition('category').values).toEqual([]);
    expect(withConditionType({ type: 'day', operator: 'IS_NOT', values: ['6'] }, 'hours')).toEqual({ type: 'hours', operator: 'IS', values: ['morning'] });
    expect(withConditionType({ type: 'day', operator: 'IS_NOT', values: ['6'] }, 'day').operator).toBe('IS_NOT');
    expect(withConditions(female, []).filters).toBeUndefined();
    expect('filters' in withConditions(female, [])).toBe(false);
    expect(m.filters).toBeUndefined();
  });

  it('set and clear the top N and its order', () => {
    const m = line.metrics[0]!;
    const top3 = withSortOrder(withLimit(m, 3), 'DESC');
    expect(top3).toMatchObject({ limit: 3, sortBy: { type: 'value', order: 'DESC' } });
    expect(withSortOrder(top3, 'ASC').sortBy).toEqual({ type: 'value', order: 'ASC' });
    expect('sortBy' in withSortOrder(top3, 'none')).toBe(false);
    expect('limit' in withLimit(top3, undefined)).toBe(false);
  });

  it('keep ignored filters in the panel order and leave unknown ones alone', () => {
    expect(withIgnoredFilters(line, ['zone', 'date', 'zone']).ignoredFilters).toEqual(['date', 'zone']);
    expect(withIgnoredFilters({ ...line, ignoredFilters: ['events', 'gender'] }, []).ignoredFilters).toEqual(['events']);
    expect(line.ignoredFilters).toEqual([]);
  });
});
