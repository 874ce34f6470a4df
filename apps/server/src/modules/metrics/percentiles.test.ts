import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANULARITIES, businessDayRange, isoDateAddDays } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { zones } from '../../composition/tables.ts';
import { createOrganization, createSite } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { buildRawSql } from './sql/rawSql.ts';
import { writeReadings } from './write/readings.write.ts';
import { type Aggregation, type DateKey, type GroupByType, type RetailQuery } from './sql/retailQuery.ts';
import { buildRetailSql } from './sql/retailSql.ts';

/**
 * Medians and percentiles read from each day's sorted values (rollup_day_values, bounded by pivots
 * and width_bucket, rollupSql.ts) against percentile_cont over the raw readings, on many zones with
 * heavy ties and uneven days: the answers must be the same numbers, not merely close.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const QUARTER = 900_000;
const FIRST_DAY = '2026-03-02';
const DAYS = 9;

interface Scenario {
  tz: string;
  changeOfDay: string;
  zones: number;
  /** Per zone: offset and spread of its values, so zones overlap a little or a lot. */
  levels: Array<{ base: number; spread: number }>;
  /** Few distinct values (many ties) or fine ones. */
  step: number;
  /** Share of quarter hours that carry a reading. */
  density: number;
  seed: number;
  requests: Array<{ aggregation: Aggregation; granularity: number | null; groupBy: GroupByType; dateKey: DateKey | null; zones: number[]; from: number; days: number; shift: { begin: number; end: number } }>;
}

const scenarioArbitrary: fc.Arbitrary<Scenario> = fc.record({
  tz: fc.constantFrom('Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'),
  changeOfDay: fc.constantFrom('00:00', '06:00', '04:30'),
  zones: fc.integer({ min: 1, max: 12 }),
  levels: fc.array(fc.record({ base: fc.integer({ min: -20, max: 900 }), spread: fc.integer({ min: 0, max: 300 }) }), { minLength: 12, maxLength: 12 }),
  step: fc.constantFrom(1, 0.1, 25, 0.001),
  density: fc.constantFrom(1, 0.7, 0.2),
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  requests: fc.array(
    fc.record({
      aggregation: fc.constantFrom<Aggregation>('median', 'p25', 'p75', 'p95'),
      granularity: fc.constantFrom(GRANULARITIES.day, GRANULARITIES.week, GRANULARITIES.month, null),
      groupBy: fc.constantFrom<GroupByType>('date', 'all', 'target'),
      dateKey: fc.constantFrom<DateKey | null>(null, null, 'weekday', 'weekend'),
      zones: fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 12 }),
      from: fc.integer({ min: 0, max: DAYS - 1 }),
      days: fc.integer({ min: 1, max: DAYS }),
      // Minutes moving the range's begin and end off the business day (issue 33.5): whole days'
      // values and the edges' raw readings together, or none (the day values alone).
      shift: fc.oneof(
        { weight: 1, arbitrary: fc.constant({ begin: 0, end: 0 }) },
        { weight: 2, arbitrary: fc.record({ begin: fc.integer({ min: -720, max: 720 }), end: fc.integer({ min: -720, max: 720 }) }) },
      ),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

/** A small deterministic generator (mulberry32), so a failing case replays from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let organizations = 0;
const levels = new Set<string>();

/** The range moved by whole minutes at each end; never empty. */
function shifted(begin: number, end: number, shift: { begin: number; end: number }): [Date, Date] {
  const a = begin + shift.begin * 60_000;
  const b = end + shift.end * 60_000;
  return [new Date(a), new Date(b > a ? b : a + QUARTER)];
}

async function checkScenario(s: Scenario): Promise<number> {
  const org = await createOrganization(database, `Percentiles ${++organizations}`);
  const { site, top, child } = await createSite(database, org.id, { timezone: s.tz, changeOfDayTime: s.changeOfDay });
  const zoneIds = [top.id, child.id];
  for (let i = 2; i < s.zones; i++) zoneIds.push((await database.db.insert(zones).values({ installationId: site.id, name: `Area ${i}`, parentId: top.id }).returning())[0]!.id);
  zoneIds.length = s.zones;

  const rand = random(s.seed);
  const [from] = businessDayRange(FIRST_DAY, s.tz, s.changeOfDay);
  const [, to] = businessDayRange(isoDateAddDays(FIRST_DAY, DAYS - 1), s.tz, s.changeOfDay);
  const rows = [];
  for (let ts = Math.ceil(from / QUARTER) * QUARTER; ts < to; ts += QUARTER) {
    for (const [i, id] of zoneIds.entries()) {
      if (rand() >= s.density) continue;
      const { base, spread } = s.levels[i]!;
      const value = Math.round((base + spread * rand()) / s.step) * s.step + 0;
      rows.push({ organizationId: org.id, targetKind: 'zone' as const, targetId: id, metric: 'co2', ts, value });
    }
  }
  await writeReadings(database, rows);

  let compared = 0;
  for (const r of s.requests) {
    const ids = [...new Set(r.zones.map((z) => zoneIds[z % zoneIds.length]!))];
    const first = isoDateAddDays(FIRST_DAY, r.from);
    const last = isoDateAddDays(FIRST_DAY, Math.min(DAYS - 1, r.from + r.days - 1));
    const query: RetailQuery = {
      organizationId: org.id,
      tz: s.tz,
      changeOfDay: s.changeOfDay,
      metric: 'co2',
      targetKind: 'zone',
      targetIds: ids,
      breakdown: '',
      ranges: [shifted(businessDayRange(first, s.tz, s.changeOfDay)[0], businessDayRange(last, s.tz, s.changeOfDay)[1], r.shift)],
      weekdays: null,
      minuteRanges: null,
      granularity: r.dateKey || r.groupBy === 'all' ? null : r.granularity,
      dateKey: r.groupBy === 'all' ? null : r.dateKey,
      groupBy: r.groupBy,
      aggregation: r.aggregation,
    };
    const engine = buildRetailSql(query);
    // Whole business days (and no month bucket cut by the range) read the day values; shifted
    // ranges read them with the edges' raw readings.
    if (engine.level !== 'dayValues' && engine.level !== 'edges') continue;
    levels.add(engine.level);
    const raw = buildRawSql(query);
    const [got, want] = await Promise.all([database.sql.query(engine.text, engine.params), database.sql.query(raw.text, raw.params)]);
    const shape = (rows: Array<Record<string, unknown>>) =>
      rows.map((x) => [x.series, x.t === null ? null : new Date(x.t as string).toISOString(), x.k, x.value === null ? null : Number(x.value)]);
    expect(shape(got.rows), JSON.stringify({ request: r, zoneIds })).toEqual(shape(want.rows));
    compared += want.rows.length;
  }
  return compared;
}

describe('percentiles from the day values', () => {
  it('equal percentile_cont over the raw readings, value for value, on whole days and on days with partial edges', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (s) => {
        compared += await checkScenario(s);
      }),
      { numRuns: 25, plugins: [fc.interruptAfterTimeLimit(120_000, { failOnInterrupt: false })] },
    );
    // The property reached answers with values, not only empty or skipped requests.
    expect(compared).toBeGreaterThan(50);
    expect([...levels].sort()).toEqual(['dayValues', 'edges']);
  }, 200_000);
});
