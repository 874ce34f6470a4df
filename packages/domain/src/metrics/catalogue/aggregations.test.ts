import { describe, expect, it } from 'vitest';
import { AGGREGATIONS, AGGREGATION_IDS, isAggregationId } from './aggregations.ts';

describe('aggregations', () => {
  it.each<[string, boolean, boolean]>([
    ['min', true, false],
    ['max', true, false],
    ['average', true, false],
    ['sum', true, false],
    ['count', true, false],
    ['first', false, false],
    ['last', false, false],
    ['median', false, false],
    ['evolution', false, true],
    ['percentage', false, false],
    ['p25', false, false],
    ['p75', false, false],
    ['p95', false, false],
    ['weightedPercentage', false, false],
  ])('%s: from rollups %s, previous period %s', (id, fromRollups, needsPreviousPeriod) => {
    expect(isAggregationId(id)).toBe(true);
    if (!isAggregationId(id)) return;
    expect(AGGREGATIONS[id]).toMatchObject({ id, fromRollups, needsPreviousPeriod });
  });

  it('lists the 14 aggregations of spec 001 §3', () => {
    expect(AGGREGATION_IDS).toHaveLength(14);
    expect(Object.keys(AGGREGATIONS).sort()).toEqual([...AGGREGATION_IDS].sort());
  });

  it.each<[string, number]>([
    ['p25', 25],
    ['median', 50],
    ['p75', 75],
    ['p95', 95],
  ])('%s is the percentile %i', (id, rank) => {
    expect(isAggregationId(id) && AGGREGATIONS[id].percentile).toBe(rank);
  });

  it('rejects an unknown id', () => {
    expect(isAggregationId('avg')).toBe(false);
  });
});
