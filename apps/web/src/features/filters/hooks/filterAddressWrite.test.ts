import { describe, expect, it } from 'vitest';
import { defaultFilters, type FilterContext, filterContext, selectZone } from '@sitelens/domain';
import { filterAddressWrite } from './useFilterUrlSync.ts';

// 2026-11-21 10:00 UTC, a Paris site with a zone tree.
const ctx: FilterContext = filterContext(
  Date.UTC(2026, 10, 21, 10, 0),
  { timezone: 'Europe/Paris', changeOfDayTime: '00:00', openingHours: [], creationDate: '2026-01-15' },
  { pageKind: 'counting', zones: [{ id: 10, parentId: null, name: 'Mall' }, { id: 11, parentId: 10, name: 'Hall' }], events: [], categories: [] },
);
const hall = selectZone(defaultFilters(ctx), 11, ctx);

describe("a page's filters written into the address", () => {
  it('writes them beside the address\'s other parameters, and says when nothing changes', () => {
    const write = filterAddressWrite(hall, '/installations/3/counting', { pathname: '/installations/3/counting', search: '?tab=2' });
    expect(write?.params.get('tab')).toBe('2');
    expect(write?.params.get('zone')).toBe('11');
    expect(write?.changed).toBe(true);
    const again = filterAddressWrite(hall, '/installations/3/counting', { pathname: '/installations/3/counting', search: `?${write!.params}` });
    expect(again?.changed).toBe(false);
  });

  // Review: a help topic opened from a site page while its route loaded took the site's filters into its address.
  it('writes nothing once the reader has left for another page', () => {
    expect(filterAddressWrite(hall, '/installations/3/counting', { pathname: '/help/filters', search: '' })).toBeNull();
  });
});
