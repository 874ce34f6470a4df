import { describe, expect, it } from 'vitest';
import { type SourceTree, ownSources, targetsToProbe, zoneSources } from './seriesSources.ts';

// An entrance (1) with two rooms (2, 3), a room under room 3 (4), and a stock room (5) holding a sensor (40).
const zones = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 1 },
  { id: 4, parentId: 3 },
  { id: 5, parentId: null },
];
const devices = [{ id: 40, zoneId: 5 }];
const tree = (withReadings: string[]): SourceTree => ({ zones, devices, withReadings: new Set(withReadings) });

describe('series sources', () => {
  it('asks only about the zones with dependents or devices, and the devices', () => {
    expect(targetsToProbe(zones, devices)).toEqual(['zone:1', 'zone:3', 'zone:5', 'device:40']);
    expect(targetsToProbe(zones, [])).toEqual(['zone:1', 'zone:3']);
  });

  it("reads a zone's own counter before its dependents'", () => {
    expect(zoneSources(tree(['zone:1']), 1)).toEqual([{ kind: 'zone', id: 1 }]);
    expect(zoneSources(tree(['zone:3']), 1)).toEqual([{ kind: 'zone', id: 2 }, { kind: 'zone', id: 3 }]);
    // Room 3 holds nothing: its dependent room 4 counts for it.
    expect(zoneSources(tree([]), 1)).toEqual([{ kind: 'zone', id: 2 }, { kind: 'zone', id: 4 }]);
  });

  it('reads a zone without devices as itself, and a zone with devices through those holding readings', () => {
    expect(ownSources(tree([]), 3)).toEqual([{ kind: 'zone', id: 3 }]);
    expect(ownSources(tree(['device:40']), 5)).toEqual([{ kind: 'device', id: 40 }]);
    expect(ownSources(tree(['zone:5', 'device:40']), 5)).toEqual([{ kind: 'zone', id: 5 }]);
    expect(ownSources(tree([]), 5)).toEqual([]);
  });

  it('reads a zone outside the tree (deleted) only through what was asked about', () => {
    expect(ownSources(tree([]), 9)).toEqual([]);
    expect(zoneSources(tree([]), 9)).toEqual([]);
  });
});
