import type { SqlTransaction } from '../database.ts';
import type { Db } from '../database.ts';
import { alertLogs } from '../schema.ts';
import type { ResolvedSite } from './demoSites.ts';
import { insertRows } from './insertReturningId.ts';
import { localClock } from './localClock.ts';

const STEP_MS = 900_000;
export const DEMO_CO2_THRESHOLD = 1000;

type NewAlertLog = typeof alertLogs.$inferInsert;

interface Sample {
  ts: number;
  value: number;
}

/** Runs of consecutive 15-minute samples above a threshold; an episode still running at `toMs` stays open. */
export function episodesAbove(samples: readonly Sample[], threshold: number, toMs: number) {
  const episodes: Array<{ begin: number; end: number | null; peak: number }> = [];
  let current: { begin: number; last: number; peak: number } | null = null;
  const close = () => {
    if (current) episodes.push({ begin: current.begin, end: current.last + STEP_MS >= toMs ? null : current.last + STEP_MS, peak: current.peak });
    current = null;
  };
  for (const s of samples) {
    if (s.value <= threshold) {
      close();
      continue;
    }
    if (current && s.ts - current.last > STEP_MS) close();
    if (current) {
      current.last = s.ts;
      current.peak = Math.max(current.peak, s.value);
    } else current = { begin: s.ts, last: s.ts, peak: s.value };
  }
  close();
  return episodes;
}

async function seriesOf(tx: SqlTransaction, organizationId: number, kind: string, ids: number[], metric: string, fromMs: number, toMs: number) {
  const { rows } = await tx.query<{ target_id: number; ts: Date | string; value: number }>(
    `select target_id, ts, value from readings
      where organization_id = $1 and target_kind = $2 and target_id = any($3::int[]) and metric = $4 and breakdown = ''
        and ts >= $5 and ts < $6 order by target_id, ts`,
    [organizationId, kind, ids, metric, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  const byTarget = new Map<number, Sample[]>();
  for (const r of rows) {
    const list = byTarget.get(r.target_id) ?? [];
    list.push({ ts: new Date(r.ts).getTime(), value: Number(r.value) });
    byTarget.set(r.target_id, list);
  }
  return byTarget;
}

/** CO2 above 1000 ppm, per air sensor, from the generated readings. */
async function co2Episodes(tx: SqlTransaction, site: ResolvedSite, fromMs: number, toMs: number): Promise<NewAlertLog[]> {
  const sensors = site.layout.devices.filter((d) => d.kind === 'atmosphere');
  if (sensors.length === 0) return [];
  const series = await seriesOf(tx, site.organizationId, 'device', sensors.map((d) => site.deviceIds.get(d.key)!), 'co2', fromMs, toMs);
  return sensors.flatMap((d) => {
    const deviceId = site.deviceIds.get(d.key)!;
    const zoneId = site.zoneIds.get(d.zone)!;
    const zoneName = site.layout.zones.find((z) => z.key === d.zone)!.name;
    return episodesAbove(series.get(deviceId) ?? [], DEMO_CO2_THRESHOLD, toMs).map((e) => ({
      organizationId: site.organizationId,
      installationId: site.installationId,
      conditionType: 'ABOVE_THRESHOLD',
      metrics: [{ type: 'co2', threshold: DEMO_CO2_THRESHOLD, value: Math.round(e.peak) }],
      dateBegin: new Date(e.begin),
      dateEnd: e.end === null ? null : new Date(e.end),
      zoneId,
      deviceId,
      message: `CO2 above ${DEMO_CO2_THRESHOLD} ppm in ${zoneName}: ventilate the room.`,
    }));
  });
}

/**
 * People inside the site's top zone (in minus out since the business day began) over the site's
 * occupancy limit. The limit is set where a busy day reaches it: the 85th percentile of daily
 * peaks, rounded, as an operator would set a Stop&Go limit after watching a season.
 */
async function occupancyEpisodes(tx: SqlTransaction, site: ResolvedSite, fromMs: number, toMs: number): Promise<NewAlertLog[]> {
  const top = site.layout.zones.find((z) => z.parent === undefined)!;
  const zoneId = site.zoneIds.get(top.key)!;
  const [ins, outs] = await Promise.all(
    ['visitorsIn', 'visitorsOut'].map(async (m) => (await seriesOf(tx, site.organizationId, 'zone', [zoneId], m, fromMs, toMs)).get(zoneId) ?? []),
  );
  const outAt = new Map(outs!.map((s) => [s.ts, s.value]));
  const clock = localClock(site.layout.timezone);
  const [h, m] = site.layout.changeOfDayTime.split(':').map(Number);
  const changeOfDay = h! * 60 + m!;
  let day = Number.NaN;
  let inside = 0;
  const samples: Sample[] = [];
  const peaks = new Map<number, number>();
  for (const s of ins!) {
    const local = clock(s.ts);
    const businessDay = local.minute < changeOfDay ? local.day - 1 : local.day;
    if (businessDay !== day) [day, inside] = [businessDay, 0];
    inside = Math.max(0, inside + s.value - (outAt.get(s.ts) ?? 0));
    samples.push({ ts: s.ts, value: inside });
    peaks.set(day, Math.max(peaks.get(day) ?? 0, inside));
  }
  const sorted = [...peaks.values()].filter((v) => v > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const raw = sorted[Math.floor(sorted.length * 0.85)] ?? sorted.at(-1)!;
  const unit = raw >= 1000 ? 100 : raw >= 100 ? 10 : 1;
  const limit = Math.max(1, Math.round(raw / unit) * unit);
  return episodesAbove(samples, limit, toMs).map((e) => ({
    organizationId: site.organizationId,
    installationId: site.installationId,
    conditionType: 'OCCUPANCY_LIMIT',
    metrics: [{ type: 'inside', threshold: limit, value: Math.round(e.peak) }],
    dateBegin: new Date(e.begin),
    dateEnd: e.end === null ? null : new Date(e.end),
    zoneId,
    message: `${top.name}: more than ${limit} people inside.`,
  }));
}

/** Alert log entries of the demo period, derived from the readings just generated. */
export async function createDemoAlertLogs(db: Db, tx: SqlTransaction, sites: readonly ResolvedSite[], fromMs: number, toMs: number): Promise<number> {
  let count = 0;
  for (const site of sites) {
    const rows = [...(await co2Episodes(tx, site, fromMs, toMs)), ...(await occupancyEpisodes(tx, site, fromMs, toMs))];
    rows.sort((a, b) => (a.dateBegin as Date).getTime() - (b.dateBegin as Date).getTime());
    for (let i = 0; i < rows.length; i += 500) await insertRows(tx, db.insert(alertLogs).values(rows.slice(i, i + 500)));
    count += rows.length;
  }
  return count;
}
