import { describe, expect, it } from 'vitest';
import { levelOfElement, scaleSubject, zoneDepths } from './scaleLevels.ts';

const tree = [
  { id: 1, name: 'Whole centre', parentIds: [] },
  { id: 10, name: 'Ground floor', parentIds: [1] },
  { id: 20, name: 'Level 1', parentIds: [1] },
  { id: 30, name: 'Level 2', parentIds: [1] },
  { id: 40, name: 'Roof', parentIds: [1] },
  { id: 11, name: 'Bakery', parentIds: [10] },
  { id: 21, name: 'Denim', parentIds: [20] },
  { id: 31, name: 'Food court queue', parentIds: [30] },
  { id: 41, name: 'Bar', parentIds: [40] },
  // A loop in bad data ends the walk instead of hanging it.
  { id: 98, name: 'Loop A', parentIds: [99] },
  { id: 99, name: 'Loop B', parentIds: [98] },
];

describe('zoneDepths and levelOfElement', () => {
  it('places each zone by its depth in the tree, and doors on a level of their own', () => {
    const depths = zoneDepths(tree);
    expect([1, 10, 11, 98].map((id) => depths.get(id))).toEqual([0, 1, 2, 1]);
    const levelOf = levelOfElement(depths);
    expect([levelOf({ zoneId: 10 }), levelOf({ zoneId: 31 }), levelOf({ passageId: 5 })]).toEqual(['zone:1', 'zone:2', 'passage']);
  });
});

describe('scaleSubject', () => {
  it('names a scale by the parents of its zones, at most three then a count', () => {
    const floors = { level: 'zone:1', bands: [], elements: [{ zoneId: 10 }, { zoneId: 20 }] };
    expect(scaleSubject(floors, tree)).toEqual({ kind: 'zones', parents: 'Whole centre' });
    const shops = { level: 'zone:2', bands: [], elements: [11, 21, 31, 41].map((zoneId) => ({ zoneId })) };
    expect(scaleSubject(shops, tree)).toEqual({ kind: 'zones', parents: 'Ground floor, Level 1, Level 2 +1' });
    expect(scaleSubject({ level: 'zone:0', bands: [], elements: [{ zoneId: 1 }] }, tree)).toEqual({ kind: 'zones', parents: 'Whole centre' });
    expect(scaleSubject({ level: 'passage', bands: [], elements: [{ passageId: 3 }] }, tree)).toEqual({ kind: 'passages' });
  });
});
