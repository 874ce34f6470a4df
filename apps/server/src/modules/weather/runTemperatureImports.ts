import { businessDayRange, isoDateAddDays } from '@sitelens/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { findInstallation, topZoneOf } from '../installations/installations.repo.ts';
import { writeReadings } from '../metrics/write/readings.write.ts';
import { OUTDOOR_TEMPERATURE, outdoorTemperatureHours } from '../metrics/outdoorTemperatures.repo.ts';
import { WeatherProviderError } from './openMeteo.ts';
import { UnexpectedAnswerError, fetchHourlyTemperatures } from './openMeteoArchive.ts';
import { type TemperatureImportRow, claimDueImports, failImport, findImport, finishImport } from './temperatureImports.repo.ts';

export interface ImportDeps {
  database: Database;
  config: Pick<Config, 'WEATHER_ARCHIVE_URL'>;
  now: () => Date;
}

/** Attempts before an import is FAILED for good; the waits between them double from 15 minutes. */
export const MAX_ATTEMPTS = 5;
export const FIRST_RETRY_MS = 15 * 60_000;
/** A RUNNING import older than this lost its process and is claimed again. */
const STALE_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * Claims the due imports (of one site when given) and runs them one after the other; resolves with
 * each as it ended. This is the job: the GraphQL mutation and the background schedule both call it.
 */
export async function runTemperatureImports(deps: ImportDeps, opts: { installationId?: number; limit?: number } = {}): Promise<TemperatureImportRow[]> {
  const now = deps.now();
  const claimed = await claimDueImports(deps.database, now, { staleBefore: new Date(now.getTime() - STALE_MS), limit: opts.limit ?? 10, installationId: opts.installationId });
  const ended: TemperatureImportRow[] = [];
  for (const job of claimed) {
    await runImport(deps, job);
    ended.push((await findImport(deps.database, job.id))!);
  }
  return ended;
}

/**
 * One import: the archive's hourly temperatures of the site's calendar days [dateFrom, dateTo],
 * written on the site's top zone through the readings write path. Hours that already hold an
 * outdoor temperature (the site's own sensor, an earlier import) are left as they are.
 */
async function runImport(deps: ImportDeps, job: TemperatureImportRow): Promise<void> {
  const { database } = deps;
  const now = deps.now();
  const site = await findInstallation(database, job.installationId);
  if (site?.latitude == null || site.longitude == null) return failImport(database, job.id, 'NO_COORDINATES', null, now);
  const top = await topZoneOf(database, site.id);
  if (!top) return failImport(database, job.id, 'NO_ZONE', null, now);
  const [start] = businessDayRange(job.dateFrom, site.timezone);
  const end = Math.min(businessDayRange(job.dateTo, site.timezone)[1], now.getTime());
  // The provider speaks GMT days: ask for the ones that overlap the site's days, never past today.
  const gmtDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  let hours;
  try {
    hours = await fetchHourlyTemperatures(deps.config.WEATHER_ARCHIVE_URL, { latitude: site.latitude, longitude: site.longitude }, gmtDay(start), gmtDay(end - 1));
  } catch (error) {
    if (!(error instanceof WeatherProviderError)) throw error;
    const retryAt = job.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + FIRST_RETRY_MS * 2 ** (job.attempts - 1)) : null;
    return failImport(database, job.id, error instanceof UnexpectedAnswerError ? 'UNEXPECTED_ANSWER' : 'PROVIDER_UNREACHABLE', retryAt, now);
  }
  const taken = await outdoorTemperatureHours(database, site.organizationId, top.id, new Date(start), new Date(end));
  const rows = hours
    .filter((h) => h.ts >= start && h.ts < end && !taken.has(Math.floor(h.ts / HOUR_MS)))
    .map((h) => ({ organizationId: site.organizationId, targetKind: 'zone' as const, targetId: top.id, metric: OUTDOOR_TEMPERATURE, ts: h.ts, value: h.value }));
  await writeReadings(database, rows);
  await finishImport(database, job.id, rows.length, deps.now());
}

/** The site's calendar day `days` before the one containing `at`. */
export function localDate(at: Date, timeZone: string, days = 0): string {
  return isoDateAddDays(new Intl.DateTimeFormat('en-CA', { timeZone }).format(at), -days);
}
