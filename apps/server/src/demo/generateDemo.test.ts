import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/password.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { DEMO_PASSWORD } from './demoSites.ts';
import { generateDemo, type DemoSummary } from './generateDemo.ts';

const NOW = new Date('2026-03-12T10:07:00Z');
let first: Database;
let summary: DemoSummary;

const totals = async (database: Database) =>
  (
    await database.sql.query<{ metric: string; kind: string; breakdown: string; n: number; total: number }>(
      `SELECT metric, target_kind AS kind, breakdown, count(*)::int AS n, round(sum(value)::numeric, 3)::float8 AS total
         FROM readings GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    )
  ).rows;

beforeAll(async () => {
  first = await openTestDatabase();
  summary = await generateDemo(first, { seed: 7, now: NOW, days: 3 });
});
afterAll(() => first.close());

describe('generateDemo', () => {
  it('gives the same readings for the same seed and now, other ones for another seed', async () => {
    const again = await openTestDatabase();
    const other = await openTestDatabase();
    try {
      await generateDemo(again, { seed: 7, now: NOW, days: 3 });
      await generateDemo(other, { seed: 8, now: NOW, days: 3 });
      const expected = await totals(first);
      expect(await totals(again)).toEqual(expected);
      expect(await totals(other)).not.toEqual(expected);
    } finally {
      await again.close();
      await other.close();
    }
  });

  it('covers the days before now in 15-minute steps and reports what it created', async () => {
    expect(summary.to.toISOString()).toBe('2026-03-12T10:00:00.000Z');
    expect(summary.from.toISOString()).toBe('2026-03-09T10:00:00.000Z');
    const { rows } = await first.sql.query<{ n: number; first: Date; last: Date; offgrid: number }>(
      `SELECT count(*)::int AS n, min(ts) AS first, max(ts) AS last,
              count(*) FILTER (WHERE extract(epoch FROM ts)::bigint % 900 <> 0)::int AS offgrid FROM readings`,
    );
    expect(rows[0]).toMatchObject({ n: summary.counts.readings, offgrid: 0 });
    expect(new Date(rows[0]!.first).getTime()).toBeGreaterThanOrEqual(summary.from.getTime());
    expect(new Date(rows[0]!.last).getTime()).toBe(summary.to.getTime() - 900_000);
    expect(summary.counts).toMatchObject({ users: 2, events: 5 });
    expect(summary.counts.readings).toBeGreaterThan(30_000);
  });

  it('creates two users who sign in with the demo password, with the rights of their profile', async () => {
    const { rows } = await first.sql.query<{ email: string; role: string; hash: string; profile: string; rights: Record<string, any>; orgs: number }>(
      `SELECT u.email, m.role, u.password_hash AS hash, p.name AS profile, p.rights,
              (SELECT count(*)::int FROM user_organizations uo WHERE uo.user_id = u.id AND uo.organization_id = $1) AS orgs
         FROM users u JOIN user_organizations m ON m.user_id = u.id AND m.organization_id = $1 JOIN profiles p ON p.id = m.profile_id ORDER BY u.id`,
      [summary.organizationId],
    );
    expect(rows.map((r) => [r.email, r.role, r.profile, r.orgs])).toEqual([
      ['admin@sitelens.example', 'admin', 'Administrator', 1],
      ['viewer@sitelens.example', 'user', 'Viewer', 1],
    ]);
    for (const r of rows) expect(await verifyPassword(r.hash, DEMO_PASSWORD)).toBe(true);
    const [admin, viewer] = rows.map((r) => r.rights);
    expect(admin!.dashboard.alert).toEqual({ read: true, delete: true, create: true, edit: true });
    expect(admin!.data.salesMetrics).toEqual({ edit: true });
    expect(admin!.dashboard.custom).toEqual({ read: true, edit: true });
    // The viewer reads dashboards and builds none (dashboard.custom edit, issue 32).
    expect(viewer!.dashboard).toEqual({
      custom: { read: true, edit: false },
      sensor: { read: true },
      alert: { read: false, delete: false, create: false, edit: false },
      report: { create: false, read: false, edit: false, delete: false },
    });
    expect(viewer!.organization.user).toEqual({ read: false, edit: false, delete: false });
  });

  it('creates three sites in three time zones with zones, passages, sensors, events and tags', async () => {
    // Countries as ISO codes: the app names them in each reader's language (Intl.DisplayNames).
    const { rows: sites } = await first.sql.query<{ name: string; country: string; timezone: string; creation_date: string; zones: number; pads: number; air: number; meters: number }>(
      `SELECT i.name, i.country, i.timezone, i.creation_date::text,
              (SELECT count(*)::int FROM zones z WHERE z.installation_id = i.id) AS zones,
              (SELECT count(*)::int FROM devices d WHERE d.installation_id = i.id AND d.kind = 'pad') AS pads,
              (SELECT count(*)::int FROM devices d WHERE d.installation_id = i.id AND d.kind = 'atmosphere') AS air,
              (SELECT count(*)::int FROM devices d WHERE d.installation_id = i.id AND d.kind = 'meter') AS meters
         FROM installations i ORDER BY i.id`,
    );
    expect(sites).toEqual([
      { name: 'Galeries Rhône', country: 'FR', timezone: 'Europe/Paris', creation_date: '2026-03-09', zones: 15, pads: 17, air: 0, meters: 0 },
      { name: 'Atelier Nord Flagship', country: 'GB', timezone: 'Europe/London', creation_date: '2026-03-09', zones: 3, pads: 2, air: 0, meters: 0 },
      { name: 'Harbour Point Offices', country: 'IN', timezone: 'Asia/Kolkata', creation_date: '2026-03-09', zones: 12, pads: 1, air: 7, meters: 4 },
    ]);
    const { rows: events } = await first.sql.query<{ name: string; metrics: string[]; never_ending: boolean; ends: boolean }>(
      'SELECT name, metrics, never_ending, date_end IS NOT NULL AS ends FROM events ORDER BY id',
    );
    expect(events.map((e) => [e.name, e.never_ending, e.ends])).toEqual([
      ['Footfall', true, false],
      ['Winter sales 2026', false, true],
      ['Christmas market', false, true],
      ['Store performance', true, false],
      ['Building monitoring', true, false],
    ]);
    const { rows: tags } = await first.sql.query<{ category: string; tag: string; zones: number }>(
      `SELECT c.name AS category, t.name AS tag, count(zt.zone_id)::int AS zones
         FROM tags t JOIN tag_categories c ON c.id = t.category_id LEFT JOIN zone_tags zt ON zt.tag_id = t.id
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(tags).toContainEqual({ category: 'Region', tag: 'India', zones: 1 });
    expect(tags).toContainEqual({ category: 'Brand category', tag: 'Fashion', zones: 3 });
    expect(tags).toContainEqual({ category: 'topology', tag: 'shop', zones: 10 });
    expect(tags.every((t) => t.zones > 0)).toBe(true);
  });
});
