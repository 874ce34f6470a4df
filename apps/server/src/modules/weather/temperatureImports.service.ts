import { isAdmin, isoDateDiffDays } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { AppError, badInput, forbidden } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { installationById } from '../installations/installations.service.ts';
import { localDate, runTemperatureImports } from './runTemperatureImports.ts';
import { type TemperatureImportRow, enqueueImport, findImport, importsOf } from './temperatureImports.repo.ts';

/** Longest import one request may ask for: a year (leap years included). */
export const MAX_IMPORT_DAYS = 366;
const LISTED_IMPORTS = 20;

/**
 * Imports the site's hourly outdoor temperatures for its calendar days [from, to] from the weather
 * archive (WEATHER_ARCHIVE_URL), as a job: queued, then run at once; the answer is the job as it
 * ended (DONE, or RETRYING / FAILED with the reason). Administrators only.
 */
export async function importOutdoorTemperatures(ctx: Context, installationId: number, from: string, to: string): Promise<TemperatureImportRow> {
  const site = await installationById(ctx, installationId);
  if (!isAdmin(requireCaller(ctx).role)) throw forbidden();
  if (to < from) throw badInput('to', 'before from');
  if (isoDateDiffDays(from, to) >= MAX_IMPORT_DAYS) throw badInput('to', `at most ${MAX_IMPORT_DAYS} days`);
  if (to > localDate(ctx.now(), site.timezone)) throw badInput('to', 'in the future');
  if (site.latitude == null || site.longitude == null) throw new AppError('WEATHER_UNAVAILABLE', { reason: 'noCoordinates' });
  const job = await enqueueImport(ctx.database, { installationId, dateFrom: from, dateTo: to, now: ctx.now() });
  await runTemperatureImports(ctx, { installationId });
  return (await findImport(ctx.database, job.id))!;
}

/** The site's latest imports, newest first. */
export async function outdoorTemperatureImports(ctx: Context, installationId: number): Promise<TemperatureImportRow[]> {
  await installationById(ctx, installationId);
  return importsOf(ctx.database, installationId, LISTED_IMPORTS);
}
