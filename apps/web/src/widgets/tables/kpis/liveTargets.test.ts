import { describe, expect, it } from 'vitest';
import { liveTargetFilter } from './liveTargets.ts';

const zones = [
  { id: 1, parentIds: [] },
  { id: 2, parentIds: [1] },
  { id: 3, parentIds: [2] },
  { id: 4, parentIds: [1] },
];
const devices = [
  { id: 10, zone: { id: 3 } },
  { id: 11, zone: { id: 4 } },
  { id: 12, zone: null },
];
const keep = (f: ReturnType<typeof liveTargetFilter>, list: Array<[string, number]>) => list.filter(([k, id]) => f({ targetKind: k, targetId: id }));
const all: Array<[string, number]> = [['zone', 1], ['zone', 2], ['zone', 3], ['device', 10], ['device', 11], ['device', 12], ['passage', 5]];

describe('liveTargetFilter', () => {
  it('takes a zone and the devices anywhere under it', () => {
    expect(keep(liveTargetFilter({ kind: 'zone', ids: [2] }, zones, devices), all)).toEqual([['zone', 2], ['device', 10]]);
  });
  it('takes the top zone and every placed device without a target', () => {
    expect(keep(liveTargetFilter(undefined, zones, devices), all)).toEqual([['zone', 1], ['device', 10], ['device', 11]]);
  });
  it('takes passages and devices by id', () => {
    expect(keep(liveTargetFilter({ kind: 'passage', ids: [5] }, zones, devices), all)).toEqual([['passage', 5]]);
    expect(keep(liveTargetFilter({ kind: 'device', ids: [12] }, zones, devices), all)).toEqual([['device', 12]]);
  });
});
