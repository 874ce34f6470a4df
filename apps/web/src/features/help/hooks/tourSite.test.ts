import { describe, expect, it } from 'vitest';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { tourSitePath } from './tourSite.ts';

const site = (id: number, families: string[]): InstallationSummary => ({
  id,
  name: `Site ${id}`,
  city: null,
  country: null,
  timezone: 'Europe/Paris',
  change_of_day_time: '00:00',
  opening_hours: [],
  families,
});

describe('tourSitePath', () => {
  it('shows the first site with people counting, whose page has every filter the tour names', () => {
    expect(tourSitePath([site(1, ['atmosphere', 'energy']), site(2, ['sales', 'counting']), site(3, ['counting'])])).toBe('/counting/2');
  });

  it('falls back to the first site with any page, and to none without one', () => {
    expect(tourSitePath([site(4, ['sales']), site(5, ['energy', 'atmosphere'])])).toBe('/atmosphere/5');
    expect(tourSitePath([site(6, ['sales'])])).toBeNull();
    expect(tourSitePath([])).toBeNull();
    expect(tourSitePath(undefined)).toBeNull();
  });
});
