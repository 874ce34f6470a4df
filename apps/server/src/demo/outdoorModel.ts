import type { ReadingRow } from '../modules/metrics/write/readings.write.ts';
import { memo, type DayContext } from './dayContext.ts';
import { between, hashUnit, keyId } from './seededRandom.ts';

/** One site's outdoor day: the season's normal, the day's mean (normal plus the weather) and its swing. */
export interface OutdoorDay {
  normal: number;
  mean: number;
  /** Half the gap between the night's low (about 03:00) and the afternoon's high (15:00). */
  swing: number;
}

/**
 * The weather of a local day at the site, from its monthly normals (climate.temperature, read
 * mid-month and interpolated between months). Spells of a week or three of colder or milder days
 * come from slow waves whose phase is the site's; clear days swing more between night and day.
 * Temperate sites vary more from day to day than tropical ones.
 */
export function outdoorDay(ctx: DayContext): OutdoorDay {
  return memo(ctx, 'outdoor', () => {
    const climate = ctx.site.layout.climate!;
    const { cal, seed, day } = ctx;
    const site = keyId(ctx.site.layout.key);
    const monthDays = new Date(Date.UTC(cal.year, cal.month, 0)).getUTCDate();
    const position = cal.month - 1.5 + (cal.date - 0.5) / monthDays;
    const i = Math.floor(position);
    const from = climate.temperature[(i + 12) % 12]!;
    const normal = from + (climate.temperature[(i + 13) % 12]! - from) * (position - i);
    const range = Math.max(...climate.temperature) - Math.min(...climate.temperature);
    const variability = Math.min(1, Math.max(0.3, range / 15));
    const phase = (salt: number) => 2 * Math.PI * hashUnit(seed, site, 0, salt);
    const weather = 2.8 * Math.sin((2 * Math.PI * day) / 8.7 + phase(91)) + 1.6 * Math.sin((2 * Math.PI * day) / 21 + phase(92)) + between(hashUnit(seed, site, day, 93), -0.8, 0.8);
    const sky = 1 - climate.cloudiness[cal.month - 1]! * between(hashUnit(seed, 7, day, 2), 0.6, 1.2);
    return { normal, mean: normal + variability * weather, swing: 2.5 + 3 * Math.max(0, sky) };
  });
}

/** °C outside at local minute m: coldest before dawn, warmest mid-afternoon; the day's mean over 24 hours. */
export function outdoorAt(ctx: DayContext, minute: number): number {
  const { mean, swing } = outdoorDay(ctx);
  return mean + swing * Math.cos((2 * Math.PI * (minute / 60 - 15)) / 24);
}

/** How much more heat than the month's usual the day needs: 6 % a degree colder than normal, within 0.6..1.5. */
export function heatingFactor(ctx: DayContext): number {
  const { normal, mean } = outdoorDay(ctx);
  return Math.min(1.5, Math.max(0.6, 1 + 0.06 * (normal - mean)));
}

/**
 * The site's outdoor sensor on its top zone: one reading at every local whole hour, sent by the
 * step that starts on it (steps are 15 or 1 minutes), like a weather station or the archive.
 */
export function emitOutdoor(ctx: DayContext, a: number, ts: number, out: ReadingRow[]): void {
  const { site } = ctx;
  if (a % 60 !== 0 || !site.layout.climate) return;
  const top = site.layout.zones.find((z) => !z.parent);
  const targetId = top && site.zoneIds.get(top.key);
  if (targetId === undefined) return;
  out.push({ organizationId: site.organizationId, targetKind: 'zone', targetId, metric: 'outdoorTemperature', breakdown: '', ts, value: Math.round(outdoorAt(ctx, a) * 10) / 10 });
}
