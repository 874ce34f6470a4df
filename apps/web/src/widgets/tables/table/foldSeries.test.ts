import { describe, expect, it } from 'vitest';
import type { RetailResult } from '../../core/retailData.graphql.ts';
import { entityFold, tableResults } from './foldSeries.ts';
import { buildTableModel } from './tableModel.ts';

const hourly = (metric: string, series: Array<[string, Array<number | null>]>): RetailResult => ({
  metric,
  unit: null,
  series: series.map(([key, values]) => ({ key, label: `Shop ${key}`, points: values.map((value, h) => ({ t: `2026-11-20T${String(9 + h).padStart(2, '0')}:00:00.000Z`, key: null, value })) })),
});

describe('entityFold', () => {
  it('folds exact aggregations of entity groupings without a granularity only', () => {
    expect(entityFold({ type: 'visitorsIn', groupBy: { type: 'zone' } })).toBe('sum');
    expect(entityFold({ type: 'visitorsIn', groupBy: { type: 'zone', aggregation: 'max' } })).toBe('max');
    expect(entityFold({ type: 'dwell', groupBy: { type: 'zone', aggregation: 'average' } })).toBeNull();
    expect(entityFold({ type: 'visitorsIn', groupBy: { type: 'zone' }, granularity: 3600 })).toBeNull();
    expect(entityFold({ type: 'visitorsIn', groupBy: { type: 'date' } })).toBeNull();
    expect(entityFold({ type: 'visitorsIn' })).toBeNull();
  });
});

describe('tableResults', () => {
  it('turns hourly answers per shop into one row per shop', () => {
    const results = [hourly('visitorsIn', [['1', [3, null, 4]], ['2', [1, 1]]]), hourly('visitorsOut', [['1', [2, 2, 2]], ['2', [0, 1]]])];
    const metrics = [{ type: 'visitorsIn', groupBy: { type: 'zone' } }, { type: 'visitorsOut', groupBy: { type: 'zone', aggregation: 'last' } }];
    const model = buildTableModel(tableResults(results, metrics));
    expect(model.layout).toBe('entities');
    expect(model.rows.map((r) => [r.id, ...r.cells])).toEqual([['1', 7, 2], ['2', 2, 1]]);
  });

  it('folds nothing when one column cannot be folded exactly', () => {
    const results = [hourly('visitorsIn', [['1', [3, 4]]]), hourly('dwell', [['1', [60, 120]]])];
    const metrics = [{ type: 'visitorsIn', groupBy: { type: 'zone' } }, { type: 'dwell', groupBy: { type: 'zone', aggregation: 'average' } }];
    expect(buildTableModel(tableResults(results, metrics)).layout).toBe('points');
  });

  it('matches results to metrics when inside was left out of the requests', () => {
    const results = [hourly('visitorsOut', [['1', [2, 3]]])];
    const metrics = [{ type: 'inside', groupBy: { type: 'zone' } }, { type: 'visitorsOut', groupBy: { type: 'zone' } }];
    expect(tableResults(results, metrics)[0]!.series[0]!.points).toEqual([{ t: null, key: null, value: 5 }]);
  });
});
