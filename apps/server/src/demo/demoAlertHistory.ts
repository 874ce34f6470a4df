import type { Config } from '../config.ts';
import type { ServerDeps } from '../graphql/context.ts';
import { type MeasureCache, NOT_ARMED, armedFrom, measure } from '../modules/alerts/alertEvaluation.ts';
import { NO_EFFECTS, applyMeasure } from '../modules/alerts/alertTransitions.ts';
import { alertStates, findAlertDetails } from '../modules/alerts/alerts.repo.ts';
import type { Database } from '../db/database.ts';

/** The evaluator's history covers the last days of the demo period only: the demo's creation stays quick. */
export const DEMO_ALERT_HISTORY_DAYS = 3;
/** The readings' step: the evaluator runs as each quarter-hour batch would have arrived. */
const STEP_MS = 900_000;

/**
 * The demo's alert log, made by the evaluator itself: its alerts measured (through the metrics
 * engine, as a live batch is) at each quarter hour of the last DEMO_ALERT_HISTORY_DAYS days
 * before `now`, moving between ok and triggered and writing their episodes. Nothing is sent: the
 * history's notifications are past. An episode still open at `now` is its alert's open one, so
 * the live evaluator goes on from it. Returns the number of episodes written.
 */
export async function replayDemoAlerts({ database, config }: { database: Database; config: Config }, alertIds: number[], fromMs: number, now: Date): Promise<number> {
  const all = (await findAlertDetails(database, alertIds)).filter((d) => d.condition && d.alert.enabled);
  const start = Math.max(fromMs, now.getTime() - DEMO_ALERT_HISTORY_DAYS * 86_400_000);
  const sites: MeasureCache = new Map();
  let episodes = 0;
  for (let t = Math.ceil(start / STEP_MS) * STEP_MS; t <= now.getTime(); t += STEP_MS) {
    const at = new Date(t);
    // What the evaluator reads: the database and the engine's bounds, at this instant (it sends and publishes nothing here).
    const deps = { database, config, now: () => at } as unknown as ServerDeps;
    const cache: MeasureCache = new Map();
    const states = await alertStates(database, all.map((d) => d.alert.id));
    for (const details of all) {
      const since = await armedFrom(database, details, at, sites);
      const m = since === null ? NOT_ARMED : await measure(deps, details, at, since, cache);
      const moved = await applyMeasure(deps, details, states.get(details.alert.id)!, m, at, NO_EFFECTS);
      if (moved.kind === 'triggered') episodes += 1;
    }
  }
  return episodes;
}
