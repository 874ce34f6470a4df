import { describe, expect, it } from 'vitest';
import { occupancyTargets } from './occupancyTargets.ts';

// A centre (1) with a floor (2) and a shop on it (3); a car park (4) of the same site with no parent.
const zones = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 2 },
  { id: 4, parentId: null },
];
// Main entrance (10) and north door (11) into the centre, the shop's door (12), the car park's barrier (13).
const passages = [
  { id: 10, zoneId: 1 },
  { id: 11, zoneId: 1 },
  { id: 12, zoneId: 3 },
  { id: 13, zoneId: 4 },
];

describe('occupancyTargets', () => {
  it.each([
    ['no door counts: the outer zones, as the engine reads them', [], { passages: [], zones: [1, 4] }],
    ['the centre’s doors count: they replace the centre, never added to it', [10, 11], { passages: [10, 11], zones: [4] }],
    ['one of two doors counts: that one', [11], { passages: [11], zones: [4] }],
    ['a shop’s door moves people inside the site: not counted', [12], { passages: [], zones: [1, 4] }],
    ['every outer zone through its doors', [10, 11, 12, 13], { passages: [10, 11, 13], zones: [] }],
  ])('%s', (_case, counted, expected) => {
    expect(occupancyTargets(zones, passages, { passages: new Set(counted), zones: new Set() })).toEqual(expected);
  });

  it('a zone counted itself (a gateway totalling its doors) wins over its door counters, as the engine reads a zone', () => {
    expect(occupancyTargets(zones, passages, { passages: new Set([10, 11, 13]), zones: new Set([1]) })).toEqual({ passages: [13], zones: [1] });
  });

  it('a zone whose parent is not among the live zones (deleted) is outer', () => {
    expect(occupancyTargets([{ id: 5, parentId: 99 }], [{ id: 20, zoneId: 5 }], { passages: new Set([20]), zones: new Set() })).toEqual({ passages: [20], zones: [] });
  });
});
