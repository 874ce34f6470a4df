import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { type WebhookSecretRow, findWebhookSecret, insertWebhookSecret, rotateWebhookSecretRow } from './webhookSecrets.repo.ts';

/** How long the previous secret keeps signing after a rotation, so receivers can switch over. */
export const PREVIOUS_SECRET_HOURS = 24;
export const SECRET_MARK = 'whsec_';

const freshSecret = () => `${SECRET_MARK}${randomBytes(32).toString('base64url')}`;

/** The organization's signing secret, created on first use. */
export async function webhookSecretOf(database: Database, organizationId: number, now: Date): Promise<WebhookSecretRow> {
  const found = await findWebhookSecret(database, organizationId);
  if (found) return found;
  await insertWebhookSecret(database, organizationId, freshSecret(), now);
  return (await findWebhookSecret(database, organizationId))!;
}

export async function rotateWebhookSecret(database: Database, organizationId: number, now: Date): Promise<WebhookSecretRow> {
  await rotateWebhookSecretRow(database, organizationId, freshSecret(), now, new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3_600_000));
  return (await findWebhookSecret(database, organizationId))!;
}

/** The secrets that sign at `now`: the current one, and the previous one within its grace day. */
export function signingSecrets(row: WebhookSecretRow, now: Date): string[] {
  const previous = row.previousSecret && row.previousValidUntil && row.previousValidUntil > now ? [row.previousSecret] : [];
  return [row.secret, ...previous];
}
