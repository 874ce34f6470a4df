import { describe, expect, it } from 'vitest';
import type { FilterZone } from '@sitelens/domain';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { changeExportDraft, exportLastDay, exportTargetCount, exportZoneId, initialExportDraft } from './useExportForm.ts';

// A mall (root 10, a floor 11 and its food court 12, a second root 30) and a station whose root is out of service.
const MALL: FilterZone[] = [
  { id: 12, parentId: 11 },
  { id: 30, parentId: null },
  { id: 11, parentId: 10 },
  { id: 10, parentId: null },
];
const STATION: FilterZone[] = [
  { id: 20, parentId: null, isDisabled: true },
  { id: 21, parentId: 20 },
];

const site = (id: number) => ({ id, name: `Site ${id}`, city: null, country: null, timezone: 'Europe/Paris', change_of_day_time: '00:00', opening_hours: [], families: ['counting'] }) as unknown as InstallationSummary;
const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('exportZoneId', () => {
  it.each([
    ['nothing chosen: the highest zone', null, MALL, 10],
    ['the filter’s zone', 12, MALL, 12],
    ['another site’s zone: the highest zone', 21, MALL, 10],
    ['the highest zone out of service: the first in service in tree order', null, STATION, 21],
    ['a site without zones', null, [], null],
    ['zones loading: the choice stands', 12, undefined, 12],
    ['zones loading, nothing chosen', null, undefined, null],
  ] as const)('%s', (_case, chosen, zones, expected) => {
    expect(exportZoneId(chosen, zones)).toBe(expected);
  });
});

describe('the export draft’s zone', () => {
  it('opened from the header: the first site, no zone chosen, its default zone shown', () => {
    const draft = initialExportDraft(new URLSearchParams(), [site(1), site(2)], 7, NOW);
    expect(draft.installationId).toBe(1);
    expect(exportZoneId(draft.zoneId, MALL)).toBe(10);
  });

  it('opened from a site page: its filter’s zone', () => {
    const draft = initialExportDraft(new URLSearchParams('installationId=2&zone=21'), [site(1), site(2)], 7, NOW);
    expect([draft.installationId, exportZoneId(draft.zoneId, STATION)]).toEqual([2, 21]);
  });

  it('follows the site: another site clears the zone chosen, the new site’s default shows', () => {
    const chosen = changeExportDraft(initialExportDraft(new URLSearchParams('installationId=1&zone=12'), [site(1), site(2)], 7, NOW), 'granularity', 60);
    const moved = changeExportDraft(chosen, 'installationId', 2);
    expect(moved).toMatchObject({ installationId: 2, zoneId: null, granularity: 60 });
    expect(exportZoneId(moved.zoneId, STATION)).toBe(21);
    expect(changeExportDraft(chosen, 'includeSubZones', false).zoneId).toBe(12);
  });
});

describe('exportLastDay (the date pickers offer no later day: its rows would be empty)', () => {
  const at = (timezone: string, changeOfDay: string) => ({ timezone, change_of_day_time: changeOfDay }) as InstallationSummary;
  it.each([
    ['today on the site’s clock', at('Europe/Paris', '00:00'), '2026-03-10T12:00:00Z', '2026-03-10'],
    ['already tomorrow in Sydney while it is still today in UTC', at('Australia/Sydney', '00:00'), '2026-03-10T20:00:00Z', '2026-03-11'],
    ['still yesterday in Los Angeles', at('America/Los_Angeles', '00:00'), '2026-03-10T05:00:00Z', '2026-03-09'],
    ['before the site’s change of day (05:00), the business day is still yesterday', at('Europe/Paris', '05:00'), '2026-03-10T02:30:00Z', '2026-03-09'],
    ['a half-hour time zone', at('Asia/Kolkata', '00:00'), '2026-03-10T18:45:00Z', '2026-03-11'],
  ])('%s', (_case, s, now, day) => {
    expect(exportLastDay(s, Date.parse(now))).toBe(day);
  });

  it('is the day the form’s “yesterday” counts from', () => {
    const draft = initialExportDraft(new URLSearchParams(), [site(1)], 1, NOW);
    expect(draft.toDate < exportLastDay(site(1), NOW)).toBe(true);
  });
});

describe('exportTargetCount', () => {
  it('counts the zone and every zone under it with the subzones, as the server does', () => {
    expect(exportTargetCount({ zoneId: 10, includeSubZones: true, passages: false }, MALL)).toBe(3);
    expect(exportTargetCount({ zoneId: 10, includeSubZones: false, passages: false }, MALL)).toBe(1);
    expect(exportTargetCount({ zoneId: 30, includeSubZones: true, passages: false }, MALL)).toBe(1);
  });
  it('leaves passages and unknown zones to the server', () => {
    expect(exportTargetCount({ zoneId: 10, includeSubZones: true, passages: true }, MALL)).toBeNull();
    expect(exportTargetCount({ zoneId: 10, includeSubZones: true, passages: false }, undefined)).toBeNull();
  });
});
