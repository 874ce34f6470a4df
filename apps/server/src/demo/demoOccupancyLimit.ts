import type { Database } from '../db/database.ts';
import type { ResolvedSite } from './demoSites.ts';
import { localClock } from './localClock.ts';

async function seriesOf(database: Database, organizationId: number, zoneId: number, metric: string, fromMs: number, toMs: number) {
  const { rows } = await database.sql.query<{ ts: Date | string; value: number }>(
    `select ts, value from readings
      where organization_id = $1 and target_kind = 'zone' and target_id = $2 and metric = $3 and breakdown = ''
        and ts >= $4 and ts < $5 order by ts`,
    [organizationId, zoneId, metric, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  return rows.map((r) => ({ ts: new Date(r.ts).getTime(), value: Number(r.value) }));
}

/**
 * The occupancy limit of a demo site's alert, set where a busy day reaches it: the 85th percentile
 * of the daily peaks of people inside the top zone (in minus out since the business day began),
 * rounded, as an operator would set it after watching a season. Null without readings.
 */
export async function demoOccupancyLimit(database: Database, site: ResolvedSite, fromMs: number, toMs: number): Promise<number | null> {
  const top = site.layout.zones.find((z) => z.parent === undefined)!;
  const zoneId = site.zoneIds.get(top.key)!;
  const [ins, outs] = await Promise.all(['visitorsIn', 'visitorsOut'].map((m) => seriesOf(database, site.organizationId, zoneId, m, fromMs, toMs)));
  const outAt = new Map(outs!.map((s) => [s.ts, s.value]));
  const clock = localClock(site.layout.timezone);
  const [h, m] = site.layout.changeOfDayTime.split(':').map(Number);
  const changeOfDay = h! * 60 + m!;
  let day = Number.NaN;
  let inside = 0;
  const peaks = new Map<number, number>();
  for (const s of ins!) {
    const local = clock(s.ts);
    const businessDay = local.minute < changeOfDay ? local.day - 1 : local.day;
    if (businessDay !== day) [day, inside] = [businessDay, 0];
    inside = Math.max(0, inside + s.value - (outAt.get(s.ts) ?? 0));
    peaks.set(day, Math.max(peaks.get(day) ?? 0, inside));
  }
  const sorted = [...peaks.values()].filter((v) => v > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const raw = sorted[Math.floor(sorted.length * 0.85)] ?? sorted.at(-1)!;
  const unit = raw >= 1000 ? 100 : raw >= 100 ? 10 : 1;
  return Math.max(1, Math.round(raw / unit) * unit);
}
