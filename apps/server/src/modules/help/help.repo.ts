import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { tutorialProgress } from './help.tables.ts';

export type TutorialProgressRow = typeof tutorialProgress.$inferSelect;

export async function findTutorialProgress(database: Database, userId: number): Promise<TutorialProgressRow | null> {
  const [row] = await database.db.select().from(tutorialProgress).where(eq(tutorialProgress.userId, userId));
  return row ?? null;
}

/** Records the outcome (or clears it with null) for one user, in one statement. */
export async function saveTutorialProgress(
  database: Database,
  userId: number,
  outcome: 'completed' | 'skipped' | null,
  at: Date,
): Promise<TutorialProgressRow> {
  const values = { outcome, finishedAt: outcome ? at : null, updatedAt: at };
  const [row] = await database.db
    .insert(tutorialProgress)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: tutorialProgress.userId, set: values })
    .returning();
  return row!;
}
