import { and, isNotNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { defineJob } from '../../jobs/defineJob.ts';
import { pruneAttemptCounters } from './attemptLimiter.ts';
import { purposeSecrets, trustedBrowsers } from './auth.tables.ts';
import { deleteExpiredSessions } from './sessions.repo.ts';

const DAY_MS = 86_400_000;

/**
 * Forgets what no longer guards anything: counters whose window has ended, expired sessions, and
 * single-purpose secrets a day after they expired or were used (kept that long to answer support),
 * and trusted browsers whose 180 days are over.
 */
export async function purgeAuthRecords(database: Database, now: Date): Promise<void> {
  await pruneAttemptCounters(database, now);
  await deleteExpiredSessions(database, now);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await database.db.delete(purposeSecrets).where(or(lt(purposeSecrets.expiresAt, dayAgo), and(isNotNull(purposeSecrets.consumedAt), lte(purposeSecrets.consumedAt, dayAgo))));
  await database.db.delete(trustedBrowsers).where(lte(trustedBrowsers.expiresAt, now));
}

/** Once a day. */
export const authPurgeJob = defineJob<Record<string, never>>({
  name: 'auth.purge',
  options: { retryLimit: 2 },
  schedule: { rule: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['03:40'] }, timeZone: 'UTC' },
  async run(_data, _run, deps) {
    await purgeAuthRecords(deps.database, deps.now());
  },
});
