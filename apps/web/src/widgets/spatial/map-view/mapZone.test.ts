import { describe, expect, it } from 'vitest';
import { mapZoneId } from './mapZone.ts';

const zones = [
  { id: 3, parentIds: [1] },
  { id: 1, parentIds: [] },
];

describe('mapZoneId', () => {
  it.each([
    ['a specific widget keeps its zone', { category: 'specific', zoneIds: [3], ignoredFilters: [] }, { zoneId: 1 }, 3],
    ['a global widget follows the page zone', { category: 'global', zoneIds: [3], ignoredFilters: [] }, { zoneId: 1 }, 1],
    ['unless it ignores the zone filter', { category: 'global', zoneIds: [3], ignoredFilters: ['zone'] }, { zoneId: 1 }, 3],
    ['with no zone anywhere, the top zone', { category: 'global', zoneIds: [], ignoredFilters: [] }, {}, 1],
  ] as const)('%s', (_, widget, filters, expected) => {
    expect(mapZoneId({ ...widget, zoneIds: [...widget.zoneIds], ignoredFilters: [...widget.ignoredFilters] }, filters, zones)).toBe(expected);
  });
});
