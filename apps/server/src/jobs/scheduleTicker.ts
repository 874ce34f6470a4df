import { planTick } from '@sitelens/domain';
import type { Database } from '../db/database.ts';
import { withTransaction } from '../db/transaction.ts';
import { bossTransaction, type BossDb } from './bossDatabase.ts';
import { claimOccurrences, dueSchedules, earliestNextAt } from './schedules.repo.ts';

export interface ScheduleTicker {
  /** Hands every due occurrence to the queue; resolves with the jobs enqueued. */
  tick(): Promise<number>;
  /** Ticks again soon: a schedule was just added or changed in this process. */
  wake(): void;
  stop(): Promise<void>;
}

export interface TickerDeps {
  database: Database;
  now: () => Date;
  /** Enqueues one occurrence inside the transaction that claims it. */
  enqueue(jobName: string, data: unknown, occurrence: Date, db: BossDb): Promise<void>;
  /** After a commit: the workers of these jobs may look at once. */
  enqueued(jobNames: Set<string>): void;
  onError(error: unknown): void;
}

const BATCH = 50;
const MIN_SLEEP_MS = 25;

/**
 * Every process runs one: it sleeps until the earliest next occurrence (or `pollMs`, to see
 * schedules other processes add), then claims each due schedule's occurrences and enqueues them
 * in one transaction. Two processes racing for an occurrence: one claim wins, the other enqueues
 * nothing.
 */
export function startScheduleTicker(deps: TickerDeps, opts: { pollMs: number; run: boolean }): ScheduleTicker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> = Promise.resolve(0);

  async function tickOnce(): Promise<number> {
    let enqueued = 0;
    const names = new Set<string>();
    for (;;) {
      const now = deps.now();
      const due = await dueSchedules(deps.database, now, BATCH);
      for (const s of due) {
        const plan = planTick(s.rule, s.timeZone, { nextAt: s.nextAt.getTime(), now: now.getTime(), catchUp: s.catchUp });
        const won = await withTransaction(deps.database, async (tx) => {
          if (!(await claimOccurrences(tx, s.key, s.nextAt, new Date(plan.nextAt), new Date(plan.due.at(-1)!)))) return false;
          for (const at of plan.due) await deps.enqueue(s.jobName, s.data, new Date(at), bossTransaction(tx));
          return true;
        });
        if (won) {
          enqueued += plan.due.length;
          names.add(s.jobName);
        }
      }
      if (due.length < BATCH) break;
    }
    if (names.size > 0) deps.enqueued(names);
    return enqueued;
  }

  const tick = () => (current = current.catch(() => 0).then(tickOnce));

  async function loop(): Promise<void> {
    timer = null;
    if (stopped) return;
    try {
      await tick();
    } catch (error) {
      deps.onError(error);
    }
    if (stopped) return;
    const next = await earliestNextAt(deps.database).catch(() => null);
    if (stopped) return;
    const untilNext = next ? next.getTime() - deps.now().getTime() : Infinity;
    timer = setTimeout(() => void loop(), Math.max(MIN_SLEEP_MS, Math.min(opts.pollMs, untilNext)));
  }

  if (opts.run) void loop();

  return {
    tick,
    wake() {
      if (!opts.run || stopped || !timer) return;
      clearTimeout(timer);
      timer = setTimeout(() => void loop(), MIN_SLEEP_MS);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current.catch(() => undefined);
    },
  };
}
