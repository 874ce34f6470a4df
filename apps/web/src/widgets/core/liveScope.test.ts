import { describe, expect, it } from 'vitest';
import { liveScope, touchesScope } from './liveScope.ts';
import type { RetailRequest } from './retailRequests.ts';

const request = (metric: string, target?: RetailRequest['target']): RetailRequest => ({
  installationId: 7,
  metric,
  filters: { operator: 'AND', conditions: [] },
  ...(target ? { target } : {}),
});

describe('liveScope', () => {
  it('listens to the stored metrics behind derived ones, without repeats', () => {
    expect(liveScope([request('inside'), request('visitorsIn'), request('conversionRate')])).toEqual({
      installationId: 7,
      metrics: ['visitorsIn', 'visitorsOut', 'orders'],
    });
  });

  it('keeps the targets of passage and device widgets, not of zones (fed by devices and dependent zones)', () => {
    expect(liveScope([request('co2', { kind: 'device', ids: [4, 5] }), request('temperature', { kind: 'device', ids: [5, 6] })])?.target).toEqual({
      kind: 'device',
      ids: [4, 5, 6],
    });
    expect(liveScope([request('visitorsIn', { kind: 'zone', ids: [3] })])?.target).toBeUndefined();
    expect(liveScope([request('visitorsIn', { kind: 'passage', ids: [2] }), request('visitorsOut')])?.target).toBeUndefined();
  });

  it('is null when no reading is behind the metrics', () => {
    expect(liveScope([request('uniqueVisitors')])).toBeNull();
    expect(liveScope([])).toBeNull();
  });

  it('matches pushed readings by metric and, when kept, by target', () => {
    const site = liveScope([request('inside')])!;
    expect(touchesScope(site, { metric: 'visitorsOut', targetKind: 'zone', targetId: 99 })).toBe(true);
    expect(touchesScope(site, { metric: 'co2', targetKind: 'zone', targetId: 99 })).toBe(false);
    const door = liveScope([request('visitorsIn', { kind: 'passage', ids: [2] })])!;
    expect(touchesScope(door, { metric: 'visitorsIn', targetKind: 'passage', targetId: 2 })).toBe(true);
    expect(touchesScope(door, { metric: 'visitorsIn', targetKind: 'passage', targetId: 3 })).toBe(false);
    expect(touchesScope(door, { metric: 'visitorsIn', targetKind: 'zone', targetId: 2 })).toBe(false);
  });
});
