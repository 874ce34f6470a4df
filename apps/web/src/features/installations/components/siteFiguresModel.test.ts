import { describe, expect, it } from 'vitest';
import type { OpeningHoursWindow } from '@sitelens/domain';
import type { Kpi } from '../graphql/installations.ts';
import { siteFiguresDays, siteFiguresModel, wantsFallback, type SiteFiguresDays } from './siteFiguresModel.ts';

const w = (day: number, from: number, to: number): OpeningHoursWindow => ({ beginDay: day, beginHour: from, beginMinute: 0, endDay: day, endHour: to, endMinute: 0, reset: false });
// A shop open Monday to Saturday, 09:00-19:00, in Lyon (UTC+1 in November).
const SHOP = { timezone: 'Europe/Paris', change_of_day_time: '00:00', opening_hours: [1, 2, 3, 4, 5, 6].map((d) => w(d, 9, 19)) };
const at = (iso: string) => Date.parse(iso);

describe('siteFiguresDays', () => {
  it.each([
    ['Sunday 06:00, closed all day: Saturday', SHOP, '2026-11-22T05:00:00Z', { today: '2026-11-22', fallback: '2026-11-21', openNow: false }],
    ['Monday 07:00, before opening: Sunday', SHOP, '2026-11-23T06:00:00Z', { today: '2026-11-23', fallback: '2026-11-22', openNow: false }],
    ['Monday 10:00, open: nothing earlier', SHOP, '2026-11-23T09:00:00Z', { today: '2026-11-23', fallback: null, openNow: true }],
    ['Monday 20:00, after closing: yesterday, shown only if today has no figures', SHOP, '2026-11-23T19:00:00Z', { today: '2026-11-23', fallback: '2026-11-22', openNow: false }],
    ['no opening hours: always open', { ...SHOP, opening_hours: [] }, '2026-11-22T05:00:00Z', { today: '2026-11-22', fallback: null, openNow: true }],
    // 03:00 with a 05:00 change of day: the pages' "yesterday" is the business day still running.
    ['before the change of day: nothing earlier', { ...SHOP, change_of_day_time: '05:00', opening_hours: [] }, '2026-11-23T02:00:00Z', { today: '2026-11-22', fallback: null, openNow: true }],
    ['read in the site zone: 07:00 Monday in New York', { ...SHOP, timezone: 'America/New_York' }, '2026-11-23T12:00:00Z', { today: '2026-11-23', fallback: '2026-11-22', openNow: false }],
  ] as const)('%s', (_label, site, now, expected) => {
    expect(siteFiguresDays(at(now), site)).toEqual(expected);
  });
});

const COUNTING = ['visitorsIn', 'inside'];
const kpis = (values: Record<string, number | null>): { data: { kpis: Kpi[] } } => ({
  data: { kpis: Object.entries(values).map(([metric, value]) => ({ metric, unit: null, value })) },
});
const CLOSED: SiteFiguresDays = { today: '2026-11-22', fallback: '2026-11-21', openNow: false };
const OPEN: SiteFiguresDays = { today: '2026-11-23', fallback: null, openNow: true };
const NOTHING = {};

describe('siteFiguresModel', () => {
  it('shows today while today has figures, even on a closed site', () => {
    const model = siteFiguresModel(COUNTING, CLOSED, kpis({ visitorsIn: 812, inside: null }), NOTHING);
    expect(model).toEqual({ kind: 'figures', day: 'today', date: '2026-11-22', kpis: [{ metric: 'visitorsIn', unit: null, value: 812 }] });
    expect(wantsFallback(COUNTING, CLOSED, kpis({ visitorsIn: 812, inside: null }))).toBe(false);
  });

  it('asks for yesterday once today came back empty on a closed site, and waits for it', () => {
    const today = kpis({ visitorsIn: null, inside: null });
    expect(wantsFallback(COUNTING, CLOSED, today)).toBe(true);
    expect(wantsFallback(COUNTING, CLOSED, NOTHING)).toBe(false);
    expect(siteFiguresModel(COUNTING, CLOSED, today, NOTHING)).toEqual({ kind: 'loading', day: 'yesterday', date: '2026-11-21', metrics: ['visitorsIn'] });
  });

  it('shows yesterday on a closed site whose day so far holds only zeros, and a zero of an open site as it is', () => {
    const zeros = kpis({ visitorsIn: 0, inside: 0 });
    expect(wantsFallback(COUNTING, CLOSED, zeros)).toBe(true);
    expect(siteFiguresModel(COUNTING, CLOSED, zeros, kpis({ visitorsIn: 1534 }))).toMatchObject({ kind: 'figures', day: 'yesterday', kpis: [{ metric: 'visitorsIn', value: 1534 }] });
    expect(wantsFallback(COUNTING, OPEN, zeros)).toBe(false);
    expect(siteFiguresModel(COUNTING, OPEN, zeros, NOTHING)).toMatchObject({ kind: 'figures', day: 'today', kpis: [{ value: 0 }, { value: 0 }] });
  });

  it("shows yesterday's figures, labelled as yesterday, without the people inside now", () => {
    const model = siteFiguresModel(COUNTING, CLOSED, kpis({ visitorsIn: null, inside: null }), kpis({ visitorsIn: 1534, inside: 0 }));
    expect(model).toEqual({ kind: 'figures', day: 'yesterday', date: '2026-11-21', kpis: [{ metric: 'visitorsIn', unit: null, value: 1534 }] });
  });

  it.each([
    ['closed, yesterday empty too', CLOSED, kpis({ visitorsIn: null }), 'closedYesterdayToo'],
    ['closed, yesterday failed to load', CLOSED, { error: new Error('network') }, 'closed'],
    ['open, no visitor yet', OPEN, NOTHING, 'open'],
    ['closed before the change of day', { ...CLOSED, fallback: null }, NOTHING, 'closed'],
  ] as const)('says why there are none: %s', (_label, days, past, reason) => {
    expect(siteFiguresModel(COUNTING, days, kpis({ visitorsIn: null, inside: null }), past)).toEqual({ kind: 'none', reason });
  });

  it('shows a skeleton of today while loading, dashes when today failed, nothing for a site without figures', () => {
    expect(siteFiguresModel(COUNTING, OPEN, NOTHING, NOTHING)).toMatchObject({ kind: 'loading', day: 'today', metrics: COUNTING });
    expect(siteFiguresModel(COUNTING, OPEN, { error: new Error('x') }, NOTHING)).toMatchObject({ kind: 'figures', day: 'today', kpis: [{ value: null }, { value: null }] });
    expect(siteFiguresModel([], OPEN, NOTHING, NOTHING)).toEqual({ kind: 'hidden' });
  });
});
