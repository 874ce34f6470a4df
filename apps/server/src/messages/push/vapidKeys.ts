import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/database.ts';
import { appSettings } from '../../db/appSettings.tables.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's Web Push (VAPID) key pair, generated once and kept in the database like the token
 * secret, so every process signs alike and browsers' subscriptions outlive restarts. Two processes
 * starting together both insert; the first pair wins and both read it.
 */
export async function loadVapidKeys(database: Database): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await database.db
    .insert(appSettings)
    .values({ key: 'vapid_keys', value: JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }) })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
  if (!row) throw new Error('VAPID keys missing after insert');
  return JSON.parse(row.value) as VapidKeys;
}
