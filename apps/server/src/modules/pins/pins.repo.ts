import { and, asc, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { pins } from './pins.tables.ts';

export type PinRow = typeof pins.$inferSelect;

export interface PinOwner {
  userId: number;
  organizationId: number;
}

const owned = (owner: PinOwner) => and(eq(pins.userId, owner.userId), eq(pins.organizationId, owner.organizationId));

export async function pinsOfOwner(database: Database, owner: PinOwner): Promise<PinRow[]> {
  return database.db.select().from(pins).where(owned(owner)).orderBy(asc(pins.position), asc(pins.id));
}

export async function findPin(database: Database, owner: PinOwner, id: number): Promise<PinRow | null> {
  const [row] = await database.db.select().from(pins).where(and(owned(owner), eq(pins.id, id)));
  return row ?? null;
}

/** Appends a pin after the owner's last one. */
export async function insertPin(database: Database, owner: PinOwner, values: { url: string; title: string; target: string | null }): Promise<PinRow> {
  return database.db.transaction(async (tx) => {
    const [last] = await tx.select({ position: max(pins.position) }).from(pins).where(owned(owner));
    const [row] = await tx
      .insert(pins)
      .values({ ...owner, ...values, position: (last?.position ?? -1) + 1 })
      .returning();
    return row!;
  });
}

export async function updatePinFields(database: Database, owner: PinOwner, id: number, values: Partial<Pick<PinRow, 'title' | 'url' | 'target'>>): Promise<void> {
  await database.db.update(pins).set(values).where(and(owned(owner), eq(pins.id, id)));
}

export async function deletePinRow(database: Database, owner: PinOwner, id: number): Promise<boolean> {
  const deleted = await database.db.delete(pins).where(and(owned(owner), eq(pins.id, id))).returning({ id: pins.id });
  return deleted.length > 0;
}

/** Writes positions 0..n-1 in the given order of the owner's pin ids. */
export async function writePositions(database: Database, owner: PinOwner, orderedIds: readonly number[]): Promise<void> {
  await database.db.transaction(async (tx) => {
    for (const [position, id] of orderedIds.entries()) {
      await tx.update(pins).set({ position }).where(and(owned(owner), eq(pins.id, id)));
    }
  });
}
