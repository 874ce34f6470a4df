import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { SITE_ZONES } from '../../shared/api/siteZones.ts';
import ExportDataPage from './ExportDataPage.tsx';

// Two sites of the caller; the header link opens the form on the first.
const site = (id: number, name: string) => ({ id, name, city: null, country: null, timezone: 'Europe/Paris', change_of_day_time: '00:00', opening_hours: [], families: ['counting'] });
vi.mock('../../shared/caller/CallerProvider.tsx', () => ({
  useCaller: () => ({ me: { id: 7, dateFormat: 'DD/MM/YYYY' }, gates: { readSales: true }, installations: [site(1, 'Mall'), site(2, 'Station')] }),
}));

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: {}, initAsync: false });

type ZoneRow = { id: number; name: string; parentIds: number[]; isDisabled?: boolean; isDeleted?: boolean };
// The Mall's tree (a child listed before its root, a deleted zone), the Station's with its root out of service.
const ZONES: Record<number, ZoneRow[]> = {
  1: [
    { id: 12, name: 'Food court', parentIds: [10] },
    { id: 9, name: 'Old wing', parentIds: [], isDeleted: true },
    { id: 10, name: 'Whole mall', parentIds: [] },
    { id: 11, name: 'Ground floor', parentIds: [10] },
  ],
  2: [
    { id: 20, name: 'Whole station', parentIds: [], isDisabled: true },
    { id: 21, name: 'Platforms', parentIds: [20] },
  ],
};

/** A cache holding what the server answers for each site's zones, as after the page's queries. */
function cacheWithZones(): InMemoryCache {
  const cache = new InMemoryCache();
  for (const [installationId, rows] of Object.entries(ZONES)) {
    const variables = { installationId: Number(installationId) };
    cache.writeQuery({
      query: SITE_ZONES,
      variables,
      data: { zonesByInstallation: rows.map((z) => ({ __typename: 'Zone' as const, id: z.id, name: z.name, parentIds: z.parentIds, sensorId: null, isDisabled: z.isDisabled ?? false, isDeleted: z.isDeleted ?? false })) },
    });
  }
  return cache;
}

/** The export page at `url` as first drawn, with the sites' zones known. */
function render(url: string): string {
  const router = createMemoryRouter([{ path: '/export-data', element: <ExportDataPage /> }], { initialEntries: [url] });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MockedProvider cache={cacheWithZones()} mocks={[]}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <RouterProvider router={router} />
        </MantineProvider>
      </MockedProvider>
    </I18nextProvider>,
  );
}

/** The text shown in the input carrying `testId`. */
const shown = (html: string, testId: string) => {
  const input = [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).find((i) => i.includes(`data-testid="${testId}"`));
  expect(input, `an input ${testId}`).toBeDefined();
  return /\svalue="([^"]*)"/.exec(input!)?.[1] ?? '';
};

describe('ExportDataPage', () => {
  it('opens from the header ready to send: the first site and its highest zone', () => {
    const html = render('/export-data');
    expect(shown(html, 'export-site')).toBe('Mall');
    expect(shown(html, 'export-zone')).toBe('Whole mall');
  });

  it('keeps the zone of the filter of the page that opened it', () => {
    expect(shown(render('/export-data?installationId=1&zone=12'), 'export-zone')).toBe('Food court');
  });

  it('falls back to the site’s default zone when the link’s zone is not one of its live zones', () => {
    expect(shown(render('/export-data?installationId=1&zone=21'), 'export-zone')).toBe('Whole mall');
    expect(shown(render('/export-data?installationId=1&zone=9'), 'export-zone')).toBe('Whole mall');
  });

  it('takes the first zone in service when the highest one is out of service, as the filter bar does', () => {
    const html = render('/export-data?installationId=2');
    expect(shown(html, 'export-site')).toBe('Station');
    expect(shown(html, 'export-zone')).toBe('Platforms');
  });
});
