import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { perContext } from './keyBatcher.ts';

/**
 * What one GraphQL call may ask of the analytics engine, over all its aliases and batches:
 * API_ENGINE_REQUESTS_PER_CALL requests (nested ones included: an evolution asks two) and
 * API_POINTS_PER_CALL points in all its answers. Every request is counted when it is asked, before
 * any statement runs; so a call past the bound is refused whole (API_WORK_LIMIT) with no engine work.
 */
const budgets = perContext((_ctx: Context) => ({ requests: 0, points: 0 }));

/** Counts one request; refuses it when the call has asked more than its bound. */
export function chargeRequest(ctx: Context): void {
  const budget = budgets(ctx);
  budget.requests += 1;
  checkBudget(ctx);
}

/** Refuses a statement of a call over its bound: requests asked after it started, or too many points read. */
export function checkBudget(ctx: Context): void {
  const budget = budgets(ctx);
  const { API_ENGINE_REQUESTS_PER_CALL: requests, API_POINTS_PER_CALL: points } = ctx.config;
  if (budget.requests > requests) throw new AppError('API_WORK_LIMIT', { limit: 'requests', max: requests });
  if (budget.points > points) throw new AppError('API_WORK_LIMIT', { limit: 'points', max: points });
}

/** Counts the points a statement answered; the answer past the bound is refused. */
export function chargePoints(ctx: Context, count: number): void {
  budgets(ctx).points += count;
  checkBudget(ctx);
}
