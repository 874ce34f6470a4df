import type { Context } from '../../../graphql/context.ts';
import { isTrialContext, trialContext } from '../../../graphql/trialContext.ts';
import { profileOf } from '../../../http/requestProfile.ts';
import { refundTrial } from '../run/engineBudget.ts';
import { assumedVersions, trialStands } from './operationVersions.ts';

/** Trials whose versions had moved, done again (the tests read it). */
export const speculationCounts = { trials: 0, doneAgain: 0 };

/**
 * Runs an analytics request under the data versions this process read last for the caller's
 * organizations, without waiting for the request's own read (on PostgreSQL: docs/decisions.md, "A
 * page's chart carries its data versions"). Its lookups come from the reference cache under those,
 * its engine statement carries the current versions beside its answer, and the answer stands only
 * if they are the ones it assumed: nothing the lookups stand for moved between the two reads, and
 * the statement's rows were read after the first. Otherwise (or on an error) the request is done
 * again under the current versions, as it would have been without the trial. Where nothing is
 * assumed (a first request, the embedded database, a job, a request that knows its versions
 * already) it runs as it is.
 */
export async function speculatively<T>(ctx: Context, run: (ctx: Context) => Promise<T>): Promise<T> {
  const assumed = isTrialContext(ctx) ? undefined : assumedVersions(ctx);
  if (assumed === undefined) return run(ctx);
  speculationCounts.trials += 1;
  // One trial context per operation: a batch's requests share its lookups, as on the operation's own.
  const trial = trialContext(ctx);
  const outcome = await run(trial).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  // The versions unread (a database error): the work runs on its own context, which reads them and
  // fails where it needs them, as it would have without the trial.
  const stands = await trialStands(trial).catch(() => false);
  // What the trial took from the result cache counts only if its answer is the one given.
  for (const what of pending.get(trial)?.splice(0) ?? []) if (stands) profileOf(ctx.request)?.count(what);
  if (stands) {
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }
  speculationCounts.doneAgain += 1;
  // The work done again counts once against the call's bounds, not twice.
  refundTrial(trial);
  return run(ctx);
}

type CacheCount = 'cacheHit' | 'cacheMiss';
const pending = new WeakMap<object, CacheCount[]>();

/** Counts an answer from (or not from) the result cache in the request's profile; a trial's once it stands. */
export function countCache(ctx: Context, what: CacheCount): void {
  const profile = profileOf(ctx.request);
  if (!profile) return;
  if (!isTrialContext(ctx)) return profile.count(what);
  let counts = pending.get(ctx);
  if (!counts) pending.set(ctx, (counts = []));
  counts.push(what);
}

/**
 * A trial's answer as the result cache may keep and share it: once it stands. A trial whose versions
 * moved read rows newer than the lookups it was given; nobody is answered with it, nor kept.
 */
export function keptIfStands<T>(ctx: Context, answer: Promise<T>): Promise<T> {
  if (!isTrialContext(ctx)) return answer;
  return answer.then(async (value) => {
    if (!(await trialStands(ctx))) throw new Error('the data versions moved under a trial');
    return value;
  });
}
