import fc from 'fast-check';
import type { ReferenceSite } from './referenceEngine.ts';
import { requestSpec, toRequest } from './scenarioRequests.ts';
import type { ScenarioReading, ScenarioRequest } from './scenarioTypes.ts';
import { siteAnchors } from './siteAnchors.ts';

export type { ScenarioReading, ScenarioRequest } from './scenarioTypes.ts';

/**
 * Random sites, readings and requests for the engine's property tests. Specs use small integers
 * (anchor, zone index) so fast-check shrinks them well; the final map turns them into instants and ids.
 */
export const TIME_ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'] as const;
export const CHANGES_OF_DAY = ['00:00', '04:00', '06:30'] as const;

const SERIES = {
  visitors: { metric: 'visitorsIn', breakdown: '' },
  female: { metric: 'visitorsIn', breakdown: 'gender:FEMALE' },
  male: { metric: 'visitorsIn', breakdown: 'gender:MALE' },
  temperature: { metric: 'temperature', breakdown: '' },
} as const;

/** The scenario's tags: two categories of two tags each (indexes into TAGS). */
export const TAGS = [
  { name: 'Front', category: 0 },
  { name: 'Back', category: 0 },
  { name: 'Food', category: 1 },
  { name: 'Fashion', category: 1 },
] as const;
export const TAG_CATEGORIES = ['Area', 'Trade'] as const;


export interface EngineScenario extends ReferenceSite {
  zoneCount: number;
  /** Atmosphere devices, each placed in the zone of this index. */
  deviceZones: number[];
  /** Per tag of TAGS, the indexes of the zones carrying it. */
  tagZones: number[][];
  readings: ScenarioReading[];
  /** Readings are written in this many interleaved batches, each refreshing the rollups it touches. */
  batches: number;
  /** Whether every reading is first written with another value, then replaced (re-sent) by the batches. */
  staleFirst: boolean;
  requests: ScenarioRequest[];
}

/** A run of readings of one series: from near an anchor, every `step` minutes (15, or odd steps). */
const burstSpec = fc.record({
  zone: fc.nat(2),
  // Temperature is also stored per device: some bursts come from a device placed in a zone.
  device: fc.option(fc.nat(1), { freq: 2 }),
  series: fc.constantFrom<keyof typeof SERIES>('visitors', 'visitors', 'female', 'male', 'temperature', 'temperature'),
  start: fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        anchor: fc.nat(3),
        // Quarter-hours from the anchor: mostly the two hours around it, sometimes the days around it.
        quarter: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -8, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: -192, max: 96 }) }),
        odd: fc.option(fc.record({ minute: fc.integer({ min: 1, max: 14 }), second: fc.nat(59) }), { freq: 2 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ dayOfYear: fc.nat(364), second: fc.nat(86_399) }) },
  ),
  stepMinutes: fc.constantFrom(15, 15, 15, 7, 13, 37, 60),
  values: fc.array(fc.nat(20), { minLength: 1, maxLength: 16, size: 'max' }),
});

export const scenarioArbitrary: fc.Arbitrary<EngineScenario> = fc
  .record({
    tz: fc.constantFrom(...TIME_ZONES),
    changeOfDay: fc.constantFrom(...CHANGES_OF_DAY),
    zoneCount: fc.integer({ min: 1, max: 3 }),
    deviceZones: fc.array(fc.nat(2), { maxLength: 2 }),
    tagZones: fc.array(fc.subarray([0, 1, 2]), { minLength: TAGS.length, maxLength: TAGS.length }),
    batches: fc.integer({ min: 1, max: 3 }),
    staleFirst: fc.boolean(),
    readings: fc.array(burstSpec, { minLength: 1, maxLength: 10, size: 'max' }),
    requests: fc.array(requestSpec, { minLength: 1, maxLength: 16, size: 'max' }),
  })
  .map(({ tz, changeOfDay, zoneCount, deviceZones: placed, tagZones: tagged, batches, staleFirst, readings, requests }) => {
    const deviceZones = placed.map((z) => z % zoneCount);
    const tagZones = tagged.map((zones) => [...new Set(zones.map((z) => z % zoneCount))]);
    const site = { tz, changeOfDay };
    const anchors = siteAnchors(site);
    const at = (i: number) => anchors[i % anchors.length]!;
    // One reading per (zone, metric, breakdown, instant): the last one wins, as in writeReadings.
    const unique = new Map<string, ScenarioReading>();
    for (const burst of readings) {
      const w = burst.start;
      const start =
        'anchor' in w
          ? at(w.anchor) + w.quarter * 900_000 + (w.odd ? w.odd.minute * 60_000 + w.odd.second * 1000 : 0)
          : Date.UTC(2026, 0, 1) + w.dayOfYear * 86_400_000 + w.second * 1000;
      const { metric, breakdown } = SERIES[burst.series];
      burst.values.forEach((v, i) => {
        const ts = start + i * burst.stepMinutes * 60_000;
        const value = metric === 'temperature' ? Math.round((12.3 + v * 0.7) * 10) / 10 : v;
        const device = metric === 'temperature' && burst.device !== null && burst.device < deviceZones.length ? burst.device : undefined;
        const reading = { zone: burst.zone % zoneCount, ...(device === undefined ? {} : { device }), metric, breakdown, ts: new Date(ts).toISOString(), value };
        unique.set(`${device === undefined ? `zone${reading.zone}` : `device${device}`}|${metric}|${breakdown}|${ts}`, reading);
      });
    }
    const all = [...unique.values()];
    const materialized = requests.map((q) => toRequest(q, { site, at, zoneCount, readings: all }));
    return { tz, changeOfDay, zoneCount, deviceZones, tagZones, batches, staleFirst, readings: all, requests: materialized };
  });
