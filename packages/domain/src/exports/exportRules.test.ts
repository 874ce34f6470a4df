import { describe, expect, it } from 'vitest';
import { csvLine, exportColumns, exportFieldErrors, exportRowEstimate, exportZoneSet } from './exportRules.ts';

const draft = { dataType: 'counting', installationId: 1, zoneIds: [2], from: Date.parse('2026-01-01'), to: Date.parse('2026-01-08'), granularity: 900, userIds: [3] };

describe('export rules', () => {
  it('accepts a complete request', () => expect(exportFieldErrors(draft)).toEqual({}));
  it.each([
    [{ dataType: null }, 'dataType', 'required'],
    [{ zoneIds: [] }, 'zoneIds', 'required'],
    [{ userIds: [] }, 'userIds', 'required'],
    [{ granularity: 300 }, 'granularity', 'required'],
    [{ from: null }, 'from', 'required'],
    [{ to: null }, 'to', 'required'],
    [{ granularity: 60, from: Date.parse('2026-09-01'), to: Date.parse('2026-12-06'), targets: 8 }, 'to', 'tooManyRows'],
    [{ to: Date.parse('2025-12-01') }, 'to', 'beforeFrom'],
    [{ to: Date.parse('2027-06-01') }, 'to', 'tooLong'],
  ])('refuses %j', (change, field, reason) => expect(exportFieldErrors({ ...draft, ...change })).toEqual({ [field]: reason }));
  it('checks the row limit only when the targets are known', () => expect(exportFieldErrors({ ...draft, granularity: 60, to: Date.parse('2026-12-01') })).toEqual({}));
  it('accepts a request just at the row limit', () => expect(exportFieldErrors({ ...draft, granularity: 60, to: draft.from + 500_000 * 60_000, targets: 2 })).toEqual({}));
  it('refuses one row over the limit', () => expect(exportFieldErrors({ ...draft, granularity: 60, to: draft.from + 500_001 * 60_000, targets: 2 })).toEqual({ to: 'tooManyRows' }));
  it('says each missing end on its own field', () => expect(exportFieldErrors({ ...draft, from: null, to: null })).toEqual({ from: 'required', to: 'required' }));
  it('counts a year of 15 minutes for 10 zones', () => expect(exportRowEstimate(Date.parse('2025-01-01'), Date.parse('2026-01-01'), 900, 10)).toBe(350_400));
  it('exports entries and exits for counting', () => expect(exportColumns('counting')).toEqual(['visitorsIn', 'visitorsOut']));
  it('writes formula-looking text as text and quotes', () => expect(csvLine(['=HYPERLINK("x")', 'a,b', 3, null])).toBe(`"'=HYPERLINK(""x"")","a,b",3,`));
});

describe('exportZoneSet', () => {
  // A centre (1), its floors (2, 3), a shop on floor 2 (4), and a zone of another branch (5).
  const zones = [
    { id: 1, parentId: null },
    { id: 4, parentId: 2 },
    { id: 2, parentId: 1 },
    { id: 3, parentId: 1 },
    { id: 5, parentId: null },
  ];
  it('adds every zone under the chosen ones at any depth, whatever their order, only when asked', () => {
    expect([...exportZoneSet(zones, [1], true)].sort()).toEqual([1, 2, 3, 4]);
    expect([...exportZoneSet(zones, [2], true)].sort()).toEqual([2, 4]);
    expect([...exportZoneSet(zones, [1], false)]).toEqual([1]);
    expect([...exportZoneSet(zones, [4, 5], true)].sort()).toEqual([4, 5]);
  });
});
