import type { Context } from '../../../graphql/context.ts';
import { AppError } from '../../../graphql/errors.ts';
import { perContext } from '../../../graphql/perContext.ts';
import { baseContext, isTrialContext } from '../../../graphql/trialContext.ts';

/**
 * What one GraphQL call may ask of the analytics engine, over all its aliases and batches:
 * API_ENGINE_REQUESTS_PER_CALL requests (nested ones included: an evolution asks two),
 * API_ENGINE_COST_PER_CALL points of work (each statement's cost, engineCost.ts, charged before
 * it runs) and API_POINTS_PER_CALL points in all its answers. Every request is counted when it is
 * asked, before any statement runs; so a call past the request bound is refused whole
 * (API_WORK_LIMIT) with no engine work, and one past its cost runs no statement beyond it.
 */
type Budget = { requests: number; points: number; cost: number };
const budgetOf = perContext((_ctx: Context): Budget => ({ requests: 0, points: 0, cost: 0 }));
// A trial of a request (speculation.ts) counts against its operation's bounds; what it charged is
// also noted on the trial, to be given back if it is done again.
const budgets = (ctx: Context) => budgetOf(baseContext(ctx));

function charge(ctx: Context, what: keyof Budget, n: number): void {
  budgets(ctx)[what] += n;
  if (isTrialContext(ctx)) budgetOf(ctx)[what] += n;
}

/** Gives back what a trial charged (it is done again, and that counts); the trial's note starts again. */
export function refundTrial(trial: Context): void {
  const noted = budgetOf(trial);
  const budget = budgets(trial);
  for (const what of ['requests', 'points', 'cost'] as const) {
    budget[what] -= noted[what];
    noted[what] = 0;
  }
}

/** Counts one request; refuses it when the call has asked more than its bound. */
export function chargeRequest(ctx: Context): void {
  charge(ctx, 'requests', 1);
  checkBudget(ctx);
}

/** Refuses a statement of a call over its bound: requests asked after it started, or too many points read. */
export function checkBudget(ctx: Context): void {
  const budget = budgets(ctx);
  const { API_ENGINE_REQUESTS_PER_CALL: requests, API_POINTS_PER_CALL: points, API_ENGINE_COST_PER_CALL: cost } = ctx.config;
  if (budget.requests > requests) throw new AppError('API_WORK_LIMIT', { limit: 'requests', max: requests });
  if (budget.cost > cost) throw new AppError('API_WORK_LIMIT', { limit: 'cost', max: cost, asked: budget.cost });
  if (budget.points > points) throw new AppError('API_WORK_LIMIT', { limit: 'points', max: points });
}

/** Charges a statement's cost before it runs; refused (and not run) when the call would pass its budget. */
export function chargeCost(ctx: Context, cost: number): void {
  charge(ctx, 'cost', cost);
  checkBudget(ctx);
}

/** The cost a call has charged so far (the bench prints it). */
export const costSoFar = (ctx: Context): number => budgets(ctx).cost;

/** Counts the points a statement answered; the answer past the bound is refused. */
export function chargePoints(ctx: Context, count: number): void {
  charge(ctx, 'points', count);
  checkBudget(ctx);
}
