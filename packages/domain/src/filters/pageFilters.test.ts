import { describe, expect, it } from 'vitest';
import { filterContext } from './filterContext.ts';
import { readFilterParams } from './filterUrl.ts';
import { pageAudience, pageTagCategories } from './pageFilters.ts';

const categories = [
  { id: 1, name: 'topology', tags: [{ id: 10, name: 'floor' }] },
  { id: 2, name: 'Brand category', tags: [{ id: 20, name: 'Food' }] },
  { id: 3, name: 'Region', tags: [] },
];

describe('page filters', () => {
  it.each([
    ['counting', true],
    ['custom', true],
    ['atmosphere', false],
    ['energy', false],
  ] as const)('%s offers gender, engagement and categories: %s', (kind, offered) => {
    expect(pageAudience(kind)).toEqual({ gender: offered, engagement: offered, categories: offered });
  });

  it('never offers the internal topology category, nor an empty one', () => {
    expect(pageTagCategories('counting', categories).map((c) => c.name)).toEqual(['Brand category']);
    expect(pageTagCategories('atmosphere', categories)).toEqual([]);
  });

  it('builds the context with those categories, and ignores gender and engagement in an air-quality URL', () => {
    const site = { timezone: 'UTC', changeOfDayTime: '00:00', creationDate: '2025-01-01' };
    const now = Date.UTC(2026, 2, 18, 12);
    const air = filterContext(now, site, { pageKind: 'atmosphere', categories });
    expect(air.categories).toEqual([]);
    const state = readFilterParams(new URLSearchParams('gender=MALE&engagement=ENGAGED&tag=20'), air);
    expect([state.gender, state.engagement, state.categories]).toEqual(['ALL', 'ALL', {}]);
    const counting = filterContext(now, site, { pageKind: 'counting', categories });
    expect(counting.categories.map((c) => c.id)).toEqual([2]);
    expect(readFilterParams(new URLSearchParams('gender=MALE'), counting).gender).toBe('MALE');
  });
});

describe('filter chips', () => {
  it('shows no gender or engagement chip where the page does not offer them', async () => {
    const { filterItems } = await import('./removeFilter.ts');
    const { defaultFilters } = await import('./defaultFilters.ts');
    const site = { timezone: 'UTC', changeOfDayTime: '00:00', creationDate: '2025-01-01' };
    const chips = (pageKind: 'atmosphere' | 'counting') => {
      const ctx = filterContext(Date.UTC(2026, 2, 18, 12), site, { pageKind, categories });
      return filterItems(defaultFilters(ctx), ctx).map((i) => i.target.type);
    };
    expect(chips('atmosphere')).toEqual(['timespan']);
    expect(chips('counting')).toEqual(['timespan', 'gender', 'engagement', 'category']);
  });
});

describe('air-quality zones', () => {
  it('can choose a building whose rooms carry the sensors, and starts on it', async () => {
    const { defaultZoneId, isZoneSelectable } = await import('./zoneFilter.ts');
    const zones = [
      { id: 1, parentId: null, sensorId: null },
      { id: 2, parentId: 1, sensorId: null },
      { id: 3, parentId: 2, sensorId: 30 },
      { id: 4, parentId: 1, sensorId: null },
    ];
    const ctx = filterContext(Date.UTC(2026, 2, 18, 12), { timezone: 'UTC', changeOfDayTime: '00:00' }, { pageKind: 'atmosphere', zones });
    expect(ctx.zones.map((z) => isZoneSelectable(z, 'atmosphere'))).toEqual([true, true, true, false]);
    expect(defaultZoneId(ctx)).toBe(1);
  });
});
