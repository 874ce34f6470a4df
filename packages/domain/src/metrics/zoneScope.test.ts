import { describe, expect, it } from 'vitest';
import { scopeTargets, zoneWithDependents, zonesWithDependents } from './zoneScope.ts';

// centre 1 > floors 2, 3 > shops 4, 5 (under 2) and 6 (under 3); devices 10 in 4, 11 in 6, 12 in 1.
const zones = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 1 },
  { id: 4, parentId: 2 },
  { id: 5, parentId: 2 },
  { id: 6, parentId: 3 },
];
const devices = [
  { id: 10, zoneId: 4 },
  { id: 11, zoneId: 6 },
  { id: 12, zoneId: 1 },
];

describe('zoneWithDependents', () => {
  it('holds the zone and every level below it', () => {
    expect([...zoneWithDependents(zones, 2)].sort()).toEqual([2, 4, 5]);
    expect(zoneWithDependents(zones, 1).size).toBe(6);
  });
  it.each([
    ['two floors hold their shops', [2, 3], [2, 3, 4, 5, 6]],
    ['a shop and its floor count once', [4, 2], [2, 4, 5]],
    ['no zone, none', [], []],
  ])('zonesWithDependents: %s', (_, ids, expected) => {
    expect([...zonesWithDependents(zones, ids)].sort()).toEqual(expected);
  });
});

describe('scopeTargets', () => {
  it.each([
    ['the top zone becomes the selected floor', [1], 2, false, [2]],
    ['floors outside the selection are dropped', [2, 3], 2, false, [2]],
    ['a per-zone answer on one floor lists its shops', [2, 3], 2, true, [4, 5]],
    ['a per-zone answer on a shop keeps the shop', [2, 3], 4, true, [4]],
    ['zones inside the selection stay', [4, 5, 6], 2, true, [4, 5]],
    ['the top zone selected changes nothing', [2, 3], 1, true, [2, 3]],
    ['nothing in the selection leaves nothing', [6], 2, false, []],
  ])('zones: %s', (_, ids, scope, perZone, expected) => {
    expect(scopeTargets({ kind: 'zone', ids, scopeZoneId: scope, zones, placed: [], perZone })).toEqual(expected);
  });

  it.each([
    ['devices of the selected zone and its dependents', 2, [10]],
    ['the top zone keeps every device', 1, [10, 11, 12]],
    ['a zone without a device leaves none', 5, []],
  ])('devices: %s', (_, scope, expected) => {
    expect(scopeTargets({ kind: 'device', ids: [10, 11, 12], scopeZoneId: scope, zones, placed: devices, perZone: false })).toEqual(expected);
  });
});
