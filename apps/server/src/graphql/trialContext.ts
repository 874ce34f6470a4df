import { perContext } from './perContext.ts';

/**
 * A trial of an operation's work: the same request and caller in a copy of its context, whose
 * per-context memos (the engine's loaders, their reference scope) start empty, so that the work can
 * be done again on the operation's own context if the trial's assumptions turn out wrong
 * (metrics/cache/speculation.ts). What must count once per operation whichever way it runs (its work
 * budget, its caller's rights) is kept against the operation's context: `baseContext`.
 */
const BASE = Symbol('trialOf');

const trialOf = perContext((ctx: object) => {
  // Object.assign, not `{ ...ctx }`: V8's object spread made each copy outlive the young generation's collections.
  const trial = Object.assign({}, ctx);
  Object.defineProperty(trial, BASE, { value: ctx, enumerable: false });
  return trial;
});

/** The operation's one trial context, made on first use (a per-context memo, so a copy starts without it). */
export function trialContext<C extends object>(ctx: C): C {
  return trialOf(ctx) as C;
}

/** The operation's own context, for a trial or for itself. */
export function baseContext<C extends object>(ctx: C): C {
  return (ctx as Record<symbol, C | undefined>)[BASE] ?? ctx;
}

export function isTrialContext(ctx: object): boolean {
  return (ctx as Record<symbol, unknown>)[BASE] !== undefined;
}
