import { isoDateAddDays, isoDateDiffDays } from '@sitelens/domain';
import { outdoorTemperatureDays } from '../metrics/outdoorTemperatures.repo.ts';
import { type ImportDeps, localDate, runTemperatureImports } from './runTemperatureImports.ts';
import { enqueueImport, sitesToCatchUp } from './temperatureImports.repo.ts';
import { MAX_IMPORT_DAYS } from './temperatureImports.service.ts';

/** How far back a site without any outdoor temperature is filled on its first import. */
export const FIRST_IMPORT_DAYS = 31;
const SIX_HOURS_MS = 6 * 3_600_000;
const FIRST_TICK_MS = 60_000;

export interface TemperatureImportSchedule {
  /** Queues the catch-up imports and runs every due one; what a timer tick does. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps every site with coordinates supplied with outdoor temperatures: a minute after the start,
 * then every six hours, each site without an open import gets one from its last stored day (or the
 * last 31 days) to yesterday, and the due imports (retries included) run. Hours a sensor already
 * filled are kept, so a site with its own outdoor sensor only has its gaps filled.
 */
export function startTemperatureImports(deps: ImportDeps, opts: { intervalMs?: number; onError?: (error: unknown) => void } = {}): TemperatureImportSchedule {
  const { intervalMs = SIX_HOURS_MS, onError = (e) => console.error('outdoor temperature import:', e) } = opts;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      await queueCatchUps(deps);
      while ((await runTemperatureImports(deps, { limit: 10 })).length > 0);
    });
    return running;
  };
  const guarded = () => void tick().catch(onError);
  const first = setTimeout(guarded, FIRST_TICK_MS);
  const timer = setInterval(guarded, intervalMs);
  first.unref();
  timer.unref();
  return {
    tick,
    stop: async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}

async function queueCatchUps(deps: ImportDeps): Promise<void> {
  const now = deps.now();
  for (const site of await sitesToCatchUp(deps.database)) {
    const to = localDate(now, site.timezone, 1);
    const last = (await outdoorTemperatureDays(deps.database, site))?.last;
    // The last stored day again: the archive runs days behind, so it may be incomplete.
    let from = last ?? localDate(now, site.timezone, FIRST_IMPORT_DAYS);
    if (isoDateDiffDays(from, to) >= MAX_IMPORT_DAYS) from = isoDateAddDays(to, 1 - MAX_IMPORT_DAYS);
    if (from <= to) await enqueueImport(deps.database, { installationId: site.id, dateFrom: from, dateTo: to, now });
  }
}
