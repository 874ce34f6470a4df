import { describe, expect, it } from 'vitest';
import { elementValues, mapViewRequests } from './mapViewRequests.ts';
import { mapViewOptions, viewElements } from './mapViewOptions.ts';
import { planConfig } from './testConfig.ts';

const site = { id: 5, name: 'Mall', timezone: 'Europe/Paris', changeOfDayTime: '04:00', openingHours: [], creationDate: '2026-01-01' };
const ctx = { site, filters: { timespans: [{ dateBegin: '2026-11-20', dateEnd: '2026-11-20' }], gender: 'FEMALE' as const } };

describe('mapViewRequests', () => {
  const config = planConfig();
  const [visitors, doors] = mapViewOptions(config, { metrics: [] }, () => '');

  it('asks one value per element of the view over the page’s period and filters', () => {
    const { requests, slots } = mapViewRequests(visitors!, viewElements(config, visitors!), ctx, { ignoredFilters: [], dropInside: false });
    expect(slots).toEqual([
      { key: 'zone:2', metric: 'visitorsIn' },
      { key: 'zone:3', metric: 'visitorsIn' },
    ]);
    expect(requests[0]).toMatchObject({ installationId: 5, metric: 'visitorsIn', groupBy: { type: 'all' }, target: { kind: 'zone', ids: [2] } });
    // Paris business day from 04:00 (UTC+1 in November) and the gender filter.
    expect(requests[0]!.filters.conditions).toEqual([
      { type: 'date', dateBegin: '2026-11-20T03:00:00.000Z', dateEnd: '2026-11-21T03:00:00.000Z' },
      { type: 'gender', values: ['FEMALE'] },
    ]);
  });

  it('targets passages for door elements, and follows the ignored filters', () => {
    const { requests } = mapViewRequests(doors!, viewElements(config, doors!), ctx, { ignoredFilters: ['gender'], dropInside: false });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.target).toEqual({ kind: 'passage', ids: [9] });
    expect(requests[0]!.filters.conditions.map((c) => c.type)).toEqual(['date']);
  });

  it('reads a zone’s sensor for air-quality metrics, the zone itself for counts', () => {
    const view = { id: 'v', metrics: [{ type: 'co2' }, { type: 'visitorsIn' }] };
    const sensorOf = (zoneId: number) => (zoneId === 2 ? 41 : null);
    const { requests } = mapViewRequests(view, viewElements(config, visitors!), ctx, { ignoredFilters: [], dropInside: false, sensorOf });
    expect(requests.map((r) => [r.metric, r.target])).toEqual([
      ['co2', { kind: 'device', ids: [41] }],
      ['visitorsIn', { kind: 'zone', ids: [2] }],
      ['co2', { kind: 'zone', ids: [3] }],
      ['visitorsIn', { kind: 'zone', ids: [3] }],
    ]);
  });

  it('leaves "inside" out when the page makes it meaningless', () => {
    const view = { id: 'v', metrics: [{ type: 'inside' }, { type: 'visitorsIn' }] };
    const { slots } = mapViewRequests(view, viewElements(config, visitors!), ctx, { ignoredFilters: [], dropInside: true });
    expect(slots.map((s) => s.metric)).toEqual(['visitorsIn', 'visitorsIn']);
  });
});

describe('elementValues', () => {
  it('puts each answer back on its element and metric, null without data', () => {
    const slots = [
      { key: 'zone:2', metric: 'visitorsIn' },
      { key: 'zone:3', metric: 'visitorsIn' },
      { key: 'zone:3', metric: 'dwell' },
    ];
    const answer = (value: number | null) => ({ metric: 'm', unit: null, series: [{ key: 'all', label: 'all', points: [{ t: null, key: null, value }] }] });
    const values = elementValues(slots, [answer(12), answer(null), answer(340)]);
    expect(values.get('zone:2')?.get('visitorsIn')).toBe(12);
    expect(values.get('zone:3')?.get('visitorsIn')).toBeNull();
    expect(values.get('zone:3')?.get('dwell')).toBe(340);
  });
});
