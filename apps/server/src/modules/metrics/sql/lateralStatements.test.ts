import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANULARITIES } from '@sitelens/domain';
import type { Database } from '../../../db/database.ts';
import { createOrganization, createSite } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { lateralStatements } from './lateralStatements.ts';
import { writeReadings } from '../write/readings.write.ts';
import { type RetailQuery, unionStatements } from './retailQuery.ts';
import { buildRetailSql } from './retailSql.ts';

/**
 * Same-text engine statements run as one (PGlite's StatementBatch): the LATERAL form must run for
 * every shape the engine builds, not fall back unnoticed, and give each statement its own rows.
 */
let database: Database;
const sites: Array<{ org: number; tz: string; zones: number[] }> = [];
const DAY = 86_400_000;
const start = Date.UTC(2026, 2, 23); // a week that holds Europe's change to summer time

beforeAll(async () => {
  database = await openTestDatabase();
  for (const tz of ['Europe/Paris', 'Europe/Paris', 'Asia/Kolkata']) {
    const org = (await createOrganization(database, `Lateral ${tz}`)).id;
    const site = await createSite(database, org, { timezone: tz, changeOfDayTime: '04:00' });
    const zones = [site.top.id, site.child.id];
    sites.push({ org, tz, zones });
    const rows = [];
    for (let quarter = 0; quarter < 14 * 96; quarter++) {
      for (const [i, zone] of zones.entries()) {
        const ts = start + quarter * 900_000;
        rows.push({ organizationId: org, targetKind: 'zone' as const, targetId: zone, metric: 'visitorsIn', ts, value: (quarter * 7 + i * 3) % 11 });
        rows.push({ organizationId: org, targetKind: 'zone' as const, targetId: zone, metric: 'co2', ts, value: 400 + ((quarter * 13 + i) % 97) });
      }
    }
    await writeReadings(database, rows);
  }
});

afterAll(() => database.close());

const { hour, day, month } = GRANULARITIES;
type Shape = Pick<RetailQuery, 'metric' | 'granularity' | 'groupBy' | 'aggregation'> & Partial<RetailQuery>;
const SHAPES: Record<string, Shape> = {
  'hourly sum': { metric: 'visitorsIn', granularity: hour, groupBy: 'date', aggregation: 'sum' },
  'daily sum per zone': { metric: 'visitorsIn', granularity: day, groupBy: 'target', aggregation: 'sum' },
  'monthly sum': { metric: 'visitorsIn', granularity: month, groupBy: 'date', aggregation: 'sum' },
  'weekday totals': { metric: 'visitorsIn', granularity: day, groupBy: 'date', aggregation: 'sum', dateKey: 'weekday' },
  'hourly average, some weekdays, some hours': {
    metric: 'co2', granularity: hour, groupBy: 'date', aggregation: 'avg',
    weekdays: { operator: 'IS', days: [1, 2, 3] }, minuteRanges: [[9 * 60, 18 * 60], [24 * 60 + 9 * 60, 24 * 60 + 18 * 60]],
  },
  'daily p95 (day values)': { metric: 'co2', granularity: day, groupBy: 'date', aggregation: 'p95' },
  'hourly median (raw readings)': { metric: 'co2', granularity: hour, groupBy: 'date', aggregation: 'median' },
  'first value per day (raw readings)': { metric: 'co2', granularity: day, groupBy: 'all', aggregation: 'first' },
};

function statement(site: (typeof sites)[number], shape: Shape, ranges: Array<[number, number]>) {
  const query: RetailQuery = {
    organizationId: site.org, tz: site.tz, changeOfDay: '04:00', targetKind: 'zone', targetIds: site.zones, breakdown: '',
    ranges: ranges.map(([a, b]) => [new Date(a), new Date(b)]), weekdays: null, minuteRanges: null, ...shape,
    granularity: shape.groupBy === 'all' ? null : shape.granularity,
  };
  return buildRetailSql(query);
}

const rowsOf = async (text: string, params: unknown[]) => (await database.sql.query<Record<string, unknown>>(text, params)).rows.map((r) => JSON.stringify(r));

describe('lateralStatements', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`runs ${name} for several sites as one statement, each with its own rows`, async () => {
      const statements = [
        statement(sites[0]!, shape, [[start, start + 7 * DAY]]),
        statement(sites[1]!, shape, [[start + DAY, start + 9 * DAY]]),
        statement(sites[2]!, shape, [[start + DAY, start + 9 * DAY]]),
        statement(sites[0]!, shape, [[start + 5 * DAY, start + 13 * DAY]]),
      ].filter((s, _, all) => s.text === all[0]!.text);
      expect(statements.length).toBeGreaterThan(1);
      const lateral = lateralStatements(statements);
      expect(lateral).not.toBeNull();
      const byStatement = new Map<number, string[]>();
      for (const row of await rowsOf(`select * from (${lateral!.text}) x order by q, series, t, k`, lateral!.params)) {
        const { q, ...rest } = JSON.parse(row) as { q: number };
        byStatement.set(q, [...(byStatement.get(q) ?? []), JSON.stringify(rest)]);
      }
      for (const [i, s] of statements.entries()) {
        const alone = await rowsOf(`select * from (${s.text}) x order by series, t, k`, s.params);
        expect(alone.length).toBeGreaterThan(0);
        expect(byStatement.get(i)).toEqual(alone);
      }
      // The union (the fallback) answers the same.
      const union = unionStatements(statements);
      expect((await rowsOf(`select * from (${union.text}) x order by q, series, t, k`, union.params)).length).toBe([...byStatement.values()].flat().length);
    });
  }

  it('leaves statements to the union when a placeholder has no one type it can carry', () => {
    const text = 'select $1::int as a, $2 as b';
    expect(lateralStatements([{ text, params: [1, 'x'] }, { text, params: [2, null] }])).toBeNull();
    expect(lateralStatements([{ text, params: [1, 'x'] }, { text, params: [2, 3] }])).toBeNull();
    expect(lateralStatements([{ text: 'select 1 where 2 = any($1)', params: [[2]] }, { text: 'select 1 where 2 = any($1)', params: [[3]] }])).toBeNull();
    expect(lateralStatements([{ text, params: [1, 'x'] }, { text: `${text} `, params: [2, 'y'] }])).toBeNull();
    expect(lateralStatements([{ text: 'select $1::text[]', params: [['a"b']] }, { text: 'select $1::text[]', params: [['c']] }])).toBeNull();
  });
});
