import type { EngineScenario, ScenarioReading, ScenarioRequest } from './engineScenarios.ts';

/**
 * Counterexamples the property test found (and one found by reading the code), as fixed scenarios:
 * the engine must answer each exactly like the reference. The comment says which path answers it today.
 */
const visitors = (ts: string, value: number, zone = 0): ScenarioReading => ({ zone, metric: 'visitorsIn', breakdown: '', ts, value });

const request = (begin: string, end: string, extra: Partial<ScenarioRequest> = {}): ScenarioRequest => ({
  metric: 'visitorsIn',
  zones: [0],
  granularity: 3600,
  groupBy: { type: 'date', aggregation: 'sum' },
  ...extra,
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: begin, dateEnd: end }, ...(extra.filters?.conditions ?? [])] },
});

const site = (tz: string, changeOfDay: string, readings: ScenarioReading[], requests: ScenarioRequest[], zoneCount = 1, batches = 1, tagZones: number[][] = [[], [], [], []]): EngineScenario => ({
  tz,
  changeOfDay,
  zoneCount,
  deviceZones: [],
  tagZones,
  batches,
  staleFirst: false,
  readings,
  requests,
});

// Lord Howe turns its clocks back half an hour at 2026-04-04T15:00Z (02:00 +11 -> 01:30 +10:30) and
// forward at 2026-10-03T15:30Z (02:00 +10:30 -> 02:30 +11). bucketStart starts the hour that holds the
// change at the change; the SQL floor (instant minus local remainder) starts it half an hour earlier.
const lordHoweBack = [visitors('2026-04-04T14:50:00Z', 2), visitors('2026-04-04T15:10:00Z', 3), visitors('2026-04-04T15:40:00Z', 4)];
const lordHoweForward = [visitors('2026-10-03T14:50:00Z', 1), visitors('2026-10-03T15:40:00Z', 2), visitors('2026-10-03T16:10:00Z', 3)];

// Paris, 10-13 November 2026 (UTC+1): a reading every hour at 12.0 on whole days, and 30.0 every
// 10 minutes in the first business day's last hours and the last one's first hours, so that an
// edge holds many readings of another value than the days around it.
const temperature = (ts: number, value: number): ScenarioReading => ({ zone: 0, metric: 'temperature', breakdown: '', ts: new Date(ts).toISOString(), value });
const parisDays = [
  ...Array.from({ length: 4 * 24 }, (_, h) => temperature(Date.parse('2026-11-09T23:00:00Z') + h * 3_600_000 + 1_800_000, 12 + (h % 5))),
  ...Array.from({ length: 30 }, (_, i) => temperature(Date.parse('2026-11-10T18:05:00Z') + i * 600_000, 30)),
  ...Array.from({ length: 12 }, (_, i) => temperature(Date.parse('2026-11-12T23:05:00Z') + i * 600_000, 30 + i)),
];
const temperatureRequest = (type: string, aggregation: string, granularity?: number) =>
  request('2026-11-10T18:20:00Z', '2026-11-13T01:00:00Z', { metric: 'temperature', granularity, groupBy: { type, aggregation } });

export const REGRESSIONS: Array<{ name: string; scenario: EngineScenario }> = [
  {
    // pieces (issue 33.5): raw 18:20-19:00Z, hours 19:00-23:00Z, whole days 11 and 12 November, hours
    // 23:00-01:00Z; a whole-range average is the total over the count, not the mean of the pieces' averages.
    name: 'a range starting and ending inside business days: days from days, the edges from hours and raw readings, combined exactly',
    scenario: site('Europe/Paris', '00:00', parisDays, [
      ...['avg', 'sum', 'count', 'min', 'max', 'median', 'p95'].map((a) => temperatureRequest('all', a)),
      ...['avg', 'count', 'median'].map((a) => temperatureRequest('date', a, 86_400)),
      temperatureRequest('date', 'avg', 7 * 86_400),
    ]),
  },
  {
    // raw path: buckets 14:00Z, 15:00Z, 15:30Z expected; the engine answers 14:30Z for the second.
    name: 'Lord Howe, clocks back half an hour: the hour after the change starts at the change (raw readings)',
    scenario: site('Australia/Lord_Howe', '00:00', lordHoweBack, [request('2026-04-04T14:05:00Z', '2026-04-04T16:05:00Z')]),
  },
  {
    // hour rollup (range 01:00 +11 to 03:00 +10:30): rollup_hour stores the bucket as 14:30Z too.
    name: 'Lord Howe, clocks back half an hour: the hour after the change starts at the change (hour rollup)',
    scenario: site('Australia/Lord_Howe', '00:00', lordHoweBack, [request('2026-04-04T14:00:00Z', '2026-04-04T16:30:00Z')]),
  },
  {
    // hour rollup (range 01:00 +10:30 to 04:00 +11): 15:30Z expected, the engine answers 15:00Z.
    name: 'Lord Howe, clocks forward half an hour: the hour after the change starts at the change (hour rollup)',
    scenario: site('Australia/Lord_Howe', '00:00', lordHoweForward, [request('2026-10-03T14:30:00Z', '2026-10-03T17:00:00Z')]),
  },
  {
    // write path: the second batch's refresh window starts at the SQL floor of 15:00Z (14:30Z) and so
    // re-inserts the 14:00Z hour of the 14:45Z reading without deleting it: duplicate key, batch refused.
    name: 'Lord Howe: a batch just after the clocks go back, following one just before, is written and counted',
    scenario: site(
      'Australia/Lord_Howe',
      '00:00',
      [visitors('2026-04-04T14:45:00Z', 1), visitors('2026-04-04T15:00:00Z', 2)],
      [request('2026-04-04T14:00:00Z', '2026-04-04T16:30:00Z')],
      1,
      2,
    ),
  },
  {
    // write path, clocks forward: the second window starts at the SQL floor of 15:40Z (15:00Z), picks up
    // the 15:10Z reading whose hour is keyed 14:30Z, and inserts that hour again: duplicate key.
    name: 'Lord Howe: a batch just after the clocks go forward, following one just before, is written and counted',
    scenario: site(
      'Australia/Lord_Howe',
      '00:00',
      [visitors('2026-10-03T15:10:00Z', 1), visitors('2026-10-03T15:40:00Z', 2)],
      [request('2026-10-03T14:30:00Z', '2026-10-03T17:00:00Z')],
      1,
      2,
    ),
  },
  {
    // hour rollup: with days starting at 06:30, the local hour 06:00-07:00 holds readings of two business
    // days, but the rollup filters weekdays by the business day of the hour's start.
    name: 'a weekday filter reads the business day of each reading when the day starts on the half hour (hour rollup)',
    scenario: site('UTC', '06:30', [visitors('2026-04-01T06:05:00Z', 7), visitors('2026-04-01T06:30:00Z', 5)], [
      // Wednesday 06:05 is still Tuesday's business day; 06:30 starts Wednesday's.
      request('2026-04-01T06:00:00Z', '2026-04-01T07:00:00Z', { filters: { conditions: [{ type: 'day', operator: 'IS', values: ['2'] }] } }),
      request('2026-04-01T06:00:00Z', '2026-04-01T07:00:00Z', { filters: { conditions: [{ type: 'day', operator: 'IS', values: ['3'] }] } }),
    ]),
  },
  {
    // raw path: array_agg(v order by ts) leaves ties between targets to chance; the reference breaks them
    // by target id, so first is the lowest id's value at the earliest instant and last the highest id's.
    name: 'first and last over several zones read at the same instants are one value, not a coin toss (raw readings)',
    scenario: site(
      'Europe/Paris',
      '00:00',
      // Every five minutes both zones report: zone 0 the value i, zone 1 the value 100 + i.
      Array.from({ length: 12 }, (_, i) => new Date(Date.parse('2026-03-29T01:00:00Z') + i * 300_000).toISOString()).flatMap((ts, i) => [
        visitors(ts, i, 0),
        visitors(ts, 100 + i, 1),
      ]),
      (['first', 'last'] as const).map((aggregation) =>
        request('2026-03-29T01:00:00Z', '2026-03-29T02:00:00Z', { zones: [0, 1], granularity: 300, groupBy: { type: 'date', aggregation } }),
      ),
      2,
    ),
  },
  {
    // day rollup and raw: Havana's midnight of 1 November 2026 happens twice (01:00 -4 -> 00:00 -5).
    // The domain starts the day at the first midnight (04:00Z); PostgreSQL's `date at time zone` takes
    // the second (05:00Z). Outside the property's time zones, found by reading bucketStart and rawSql.
    name: 'Havana, midnight happens twice: the business day starts at the first midnight (day rollup and raw readings)',
    scenario: site('America/Havana', '00:00', [visitors('2026-11-01T04:30:00Z', 1), visitors('2026-11-01T05:30:00Z', 2)], [
      request('2026-10-31T04:00:00Z', '2026-11-02T05:00:00Z', { granularity: 86400 }),
      request('2026-10-31T12:00:00Z', '2026-11-01T12:00:00Z', { granularity: 86400 }),
    ]),
  },
  {
    // every level: a group-by other than date without a granularity was answered hour by hour (so
    // averages, medians, first and last of the range had to be rebuilt from hours, which they cannot).
    name: 'a zone, tag or zoneId group-by without a granularity answers one value per group over the whole range',
    scenario: site(
      'Europe/Paris',
      '00:00',
      // Zone 1 (Checkout) and zone 2 (Stock) every 15 minutes from 08:00 to 12:00 local on 1 and 2 April.
      ['2026-04-01', '2026-04-02'].flatMap((date, d) =>
        Array.from({ length: 16 }, (_, i) => new Date(Date.parse(`${date}T06:00:00Z`) + i * 900_000).toISOString()).flatMap((ts, i) => [
          visitors(ts, (i % 5) + d, 1),
          visitors(ts, 10 - (i % 3), 2),
        ]),
      ),
      [
        // Whole business days (day rollup; day values for medians), hours (hour rollup), and a free range (raw).
        ...(['sum', 'avg', 'max', 'median', 'p95', 'first', 'last'] as const).flatMap((aggregation) => [
          request('2026-03-31T22:00:00Z', '2026-04-02T22:00:00Z', { zones: [1, 2], granularity: undefined, groupBy: { type: 'zone', aggregation } }),
          request('2026-04-01T07:00:00Z', '2026-04-02T09:00:00Z', { zones: [0, 1, 2], granularity: undefined, groupBy: { type: 'zoneId', aggregation } }),
          request('2026-04-01T06:10:00Z', '2026-04-02T08:20:00Z', { zones: [0], granularity: undefined, groupBy: { type: 'tag', aggregation }, groupTags: [0, 2] }),
        ]),
        // A whole business month (month rollup) and shares of the whole range.
        request('2026-03-31T22:00:00Z', '2026-04-30T22:00:00Z', { zones: [1, 2], granularity: undefined, groupBy: { type: 'zone', aggregation: 'sum' } }),
        request('2026-03-31T22:00:00Z', '2026-04-30T22:00:00Z', { zones: [1, 2], granularity: undefined, groupBy: { type: 'zone', aggregation: 'percentage' } }),
        request('2026-03-31T22:00:00Z', '2026-04-30T22:00:00Z', { zones: [0], granularity: undefined, groupBy: { type: 'tagCategory' }, groupCategory: 1 }),
      ],
      3,
      1,
      // Front on Checkout, Back on Stock, Food on both, Fashion on none.
      [[1], [2], [1, 2], []],
    ),
  },
  {
    // tagScope OR-ed every tag: Front (Area) or Food (Trade) kept all three zones, not the one carrying both.
    name: 'tag categories combine by AND: a zone must carry one of the chosen tags of each chosen category',
    scenario: site(
      'UTC',
      '00:00',
      [visitors('2026-04-01T10:00:00Z', 1, 0), visitors('2026-04-01T10:00:00Z', 20, 1), visitors('2026-04-01T10:00:00Z', 300, 2)],
      [
        // Front and Food: Checkout only. Front or Back, and Food: Checkout and Stock. Front, then Fashion: nobody.
        request('2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z', { zones: [0, 1, 2], granularity: undefined, groupBy: { type: 'zoneId' }, tagFilters: [[0, 2]] }),
        request('2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z', { zones: [0, 1, 2], granularity: undefined, groupBy: { type: 'zoneId' }, tagFilters: [[0, 1, 2]] }),
        request('2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z', { zones: [0, 1, 2], groupBy: { type: 'all' }, tagFilters: [[0], [3]] }),
        // A tag group-by inside a category condition: the Trade tags of the zones tagged Front.
        request('2026-04-01T00:00:00Z', '2026-04-02T00:00:00Z', { zones: [0, 1, 2], granularity: undefined, groupBy: { type: 'tagCategory' }, groupCategory: 1, tagFilters: [[0]] }),
      ],
      3,
      1,
      // Front: Top and Checkout. Back: Stock. Food: Checkout and Stock. Fashion: Top.
      [[0, 1], [2], [1, 2], [0]],
    ),
  },
];
