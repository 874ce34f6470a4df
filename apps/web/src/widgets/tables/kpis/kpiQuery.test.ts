import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { RetailRequest } from '../../core/retailRequests.ts';
import { kpiInputs, kpiOf, kpisDocument, kpisVariables } from './kpiQuery.ts';

const filters: RetailRequest['filters'] = { operator: 'AND', conditions: [{ type: 'date', dateBegin: '2026-11-20T00:00:00.000Z', dateEnd: '2026-11-21T00:00:00.000Z' }] };
const request = (metric: string, extra: Partial<RetailRequest> = {}): RetailRequest => ({ installationId: 3, metric, filters, ...extra });

describe('kpiInputs', () => {
  it('asks metrics that share filters and target in one input', () => {
    const { inputs, slots } = kpiInputs([request('visitorsIn'), request('visitorsOut'), request('dwell')]);
    expect(inputs).toEqual([{ installationId: 3, metrics: ['visitorsIn', 'visitorsOut', 'dwell'], filters, comparison: 'PREVIOUS_PERIOD' }]);
    expect(slots).toEqual([{ input: 0, metric: 'visitorsIn' }, { input: 0, metric: 'visitorsOut' }, { input: 0, metric: 'dwell' }]);
  });

  it('splits by target, and a repeated metric gets its own input', () => {
    const zone = { kind: 'zone' as const, ids: [7] };
    const { inputs, slots } = kpiInputs([request('visitorsIn'), request('visitorsIn', { target: zone }), request('visitorsIn')]);
    expect(inputs.map((i) => [i.metrics, i.target])).toEqual([[['visitorsIn'], undefined], [['visitorsIn'], zone], [['visitorsIn'], undefined]]);
    expect(slots.map((s) => s.input)).toEqual([0, 1, 2]);
  });

  it.each([
    ['previousPeriod', 'PREVIOUS_PERIOD'],
    ['previousYear', 'PREVIOUS_YEAR'],
    ['none', 'NONE'],
  ] as const)('asks every input compared as the widget says: %s is %s', (comparison, asked) => {
    const { inputs } = kpiInputs([request('visitorsIn'), request('visitorsIn', { target: { kind: 'zone', ids: [7] } })], comparison);
    expect(inputs.map((i) => i.comparison)).toEqual([asked, asked]);
    // What the server's KpiInput takes (schema.graphql's enum KpiComparison).
    expect(() => kpisVariables(inputs)).not.toThrow();
  });

  it('keeps at most 12 metrics per input, as the server allows', () => {
    const many = Array.from({ length: 14 }, (_, i) => request(`m${i}`));
    expect(kpiInputs(many).inputs.map((i) => i.metrics.length)).toEqual([12, 2]);
  });
});

describe('kpisDocument', () => {
  it('asks every input under its own alias and reads answers back by slot', () => {
    const text = print(kpisDocument(2));
    expect(text).toContain('k0: kpis(input: $i0)');
    expect(text).toContain('k1: kpis(input: $i1)');
    const { inputs, slots } = kpiInputs([request('visitorsIn'), request('visitorsIn', { target: { kind: 'zone', ids: [7] } })]);
    expect(Object.keys(kpisVariables(inputs))).toEqual(['i0', 'i1']);
    const answer = { k0: [{ metric: 'visitorsIn', unit: null, value: 10, previousValue: 8, evolution: 25, soFar: false, missingMetrics: [] }], k1: [{ metric: 'visitorsIn', unit: null, value: 4, previousValue: null, evolution: null, soFar: false, missingMetrics: [] }] };
    expect(slots.map((s) => kpiOf(answer, s)?.value)).toEqual([10, 4]);
    expect(kpiOf(undefined, slots[0]!)).toBeUndefined();
  });
});
