import { tzOffsetMs } from '@sitelens/domain';
import type { ReadingRow } from '../../apps/server/src/modules/metrics/write/readings.write.ts';
import { type BenchSite, DAY_MS, QUARTER_MS } from './layout.ts';

/** Opening hours in local minutes [open, close) per ISO weekday (index 1..7); null = closed. */
const HOURS: Record<string, Array<[number, number] | null>> = {
  'Europe/Paris': [null, [570, 1200], [570, 1200], [570, 1200], [570, 1200], [570, 1200], [540, 1200], null],
  'America/New_York': [null, [600, 1260], [600, 1260], [600, 1260], [600, 1260], [600, 1320], [600, 1320], [660, 1140]],
  'Asia/Kolkata': [null, [630, 1320], [630, 1320], [630, 1320], [630, 1320], [630, 1350], [600, 1350], [600, 1350]],
};
const WEEKDAY = [0, 0.8, 0.86, 1, 0.92, 1.06, 1.55, 0.74];
const bell = (t: number, mu: number, sigma: number) => Math.exp(-0.5 * ((t - mu) / sigma) ** 2);

/** Expected entries per local quarter hour for a busy top zone, per time zone and weekday. */
const shapes = new Map<string, Float64Array>();
function shapeOf(tz: string, weekday: number): Float64Array {
  const key = `${tz}|${weekday}`;
  let shape = shapes.get(key);
  if (shape) return shape;
  shape = new Float64Array(96);
  const hours = HOURS[tz]?.[weekday];
  if (hours) {
    const [open, close] = hours;
    for (let q = 0; q < 96; q++) {
      const m = q * 15 + 7.5;
      if (m < open || m >= close) continue;
      const t = m / 60;
      const body = 0.45 + 0.75 * bell(t, 12.75, 0.9) + 0.35 * bell(t, 15.5, 1.3) + 0.9 * bell(t, 18, 1);
      shape[q] = 40 * WEEKDAY[weekday]! * body * (0.15 + 0.85 * Math.min(1, (m - open) / 45)) * (0.1 + 0.9 * Math.min(1, (close - m) / 40));
    }
  }
  shapes.set(key, shape);
  return shape;
}

/** A uniform number in [0, 1) from two integers: the same reading gets the same value on every run. */
function noise(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x27d4eb2f);
  return ((h ^ (h >>> 15)) >>> 0) / 4_294_967_296;
}

/** Local offset per zone and UTC hour: the offsets of these zones only change on the hour. */
const offsets = new Map<string, Map<number, number>>();
function offsetAt(tz: string, ts: number): number {
  let byHour = offsets.get(tz);
  if (!byHour) offsets.set(tz, (byHour = new Map()));
  const hour = Math.floor(ts / 3_600_000);
  let offset = byHour.get(hour);
  if (offset === undefined) byHour.set(hour, (offset = tzOffsetMs(hour * 3_600_000, tz)));
  return offset;
}

/** Visitors in, visitors out and CO2 of every zone at one quarter hour, appended to rows. */
export function emitQuarter(organizationId: number, site: BenchSite, ts: number, rows: ReadingRow[]): void {
  const local = ts + offsetAt(site.tz, ts);
  const day = Math.floor(local / DAY_MS);
  const q = Math.floor((local - day * DAY_MS) / QUARTER_MS);
  const shape = shapeOf(site.tz, ((day + 3) % 7) + 1);
  const season = 1 + 0.15 * Math.sin((2 * Math.PI * day) / 365);
  const siteFactor = 0.6 + 0.8 * noise(site.installationId, 7);
  const quarter = ts / QUARTER_MS;
  for (let i = 0; i < site.zoneIds.length; i++) {
    const targetId = site.zoneIds[i]!;
    const zoneFactor = i === 0 ? siteFactor * season : siteFactor * season * (0.08 + 0.05 * i);
    const r = noise(targetId, quarter);
    const entering = shape[q]! * zoneFactor;
    const leaving = (q > 0 ? shape[q - 1]! : 0) * zoneFactor;
    rows.push(
      { organizationId, targetKind: 'zone', targetId, metric: 'visitorsIn', ts, value: Math.round(entering * (0.8 + 0.4 * r)) },
      { organizationId, targetKind: 'zone', targetId, metric: 'visitorsOut', ts, value: Math.round(leaving * (0.8 + 0.4 * noise(quarter, targetId))) },
      { organizationId, targetKind: 'zone', targetId, metric: 'co2', ts, value: Math.round(4200 + 250 * entering + 300 * r) / 10 },
    );
  }
}

/**
 * Every reading of the sites at quarter hours in [from, to), time first (as live data arrives,
 * which keeps both indexes of `readings` appending), in batches of about batchSize rows.
 */
export function* readingBatches(organizationId: number, sites: readonly BenchSite[], from: number, to: number, batchSize = 50_000): Generator<ReadingRow[]> {
  let rows: ReadingRow[] = [];
  for (let ts = from; ts < to; ts += QUARTER_MS) {
    for (const site of sites) emitQuarter(organizationId, site, ts, rows);
    if (rows.length >= batchSize) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

export const readingsPerQuarter = (sites: readonly BenchSite[]) => sites.reduce((n, s) => n + s.zoneIds.length * 3, 0);
