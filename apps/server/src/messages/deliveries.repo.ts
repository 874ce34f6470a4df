import type { Database, SqlClient } from '../db/database.ts';
import type { DeliveryStatus, MessageChannel } from './messages.tables.ts';

/** Whom a message is for and what it is, as it is queued and as it is listed. */
interface DeliveryHeader {
  organizationId: number | null;
  userId: number | null;
  channel: MessageChannel;
  recipient: string;
  template: string;
  lang: string;
  subject: string;
}

export interface NewDelivery extends DeliveryHeader {
  content: unknown;
  dedupeKey: string | null;
  status?: DeliveryStatus;
  lastError?: string | null;
  now: Date;
}

export interface DeliveryRow extends DeliveryHeader {
  id: number;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  /** Whether the rendered message is still there (a failed one can be sent again). */
  hasContent: boolean;
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

const COLUMNS = `id, organization_id AS "organizationId", user_id AS "userId", channel, recipient, template, lang, subject, status, attempts,
  last_error AS "lastError", created_at AS "createdAt", updated_at AS "updatedAt", sent_at AS "sentAt", content IS NOT NULL AS "hasContent"`;

/** The new delivery's id, or null when one with the same dedupe key exists (it is then not sent twice). */
export async function insertDelivery(sql: SqlClient, d: NewDelivery): Promise<number | null> {
  const { rows } = await sql.query<{ id: number }>(
    `INSERT INTO message_deliveries (organization_id, user_id, channel, recipient, template, lang, subject, content, dedupe_key, status, last_error, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $12)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [d.organizationId, d.userId, d.channel, d.recipient, d.template, d.lang, d.subject, JSON.stringify(d.content), d.dedupeKey, d.status ?? 'queued', d.lastError ?? null, d.now],
  );
  return rows[0]?.id ?? null;
}

export async function insertAttachments(sql: SqlClient, deliveryId: number, attachments: readonly Attachment[]): Promise<void> {
  for (const a of attachments) {
    await sql.query('INSERT INTO message_attachments (delivery_id, filename, content_type, bytes) VALUES ($1, $2, $3, $4)', [deliveryId, a.filename, a.contentType, a.content]);
  }
}

/** A delivery still to send, with its content and attachments; null once sent, failed or gone. */
export async function queuedDelivery(database: Database, id: number): Promise<(DeliveryRow & { content: any; attachments: Attachment[] }) | null> {
  const { rows } = await database.sql.query<DeliveryRow & { content: any }>(`SELECT ${COLUMNS}, content FROM message_deliveries WHERE id = $1 AND status = 'queued'`, [id]);
  const row = rows[0];
  if (!row || row.content === null) return null;
  const files = await database.sql.query<Attachment>(
    'SELECT filename, content_type AS "contentType", bytes AS content FROM message_attachments WHERE delivery_id = $1 ORDER BY id',
    [id],
  );
  return { ...row, attachments: files.rows };
}

/** Sent: the content and attachments are dropped, only the record stays. */
export async function markSent(database: Database, id: number, providerId: string, now: Date): Promise<void> {
  await database.sql.query(
    `UPDATE message_deliveries SET status = 'sent', attempts = attempts + 1, last_error = NULL, provider_id = $2, content = NULL, sent_at = $3, updated_at = $3 WHERE id = $1`,
    [id, providerId, now],
  );
  await database.sql.query('DELETE FROM message_attachments WHERE delivery_id = $1', [id]);
}

/** One attempt failed; it stays queued for the next. */
export async function markAttemptFailed(database: Database, id: number, reason: string, now: Date): Promise<void> {
  await database.sql.query(`UPDATE message_deliveries SET attempts = attempts + 1, last_error = $2, updated_at = $3 WHERE id = $1 AND status = 'queued'`, [id, reason, now]);
}

/** Given up: after its last retry, or at once when retrying cannot help. */
export async function markFailed(database: Database, id: number, reason: string, opts: { now: Date; countAttempt: boolean }): Promise<void> {
  await database.sql.query(
    `UPDATE message_deliveries SET status = 'failed', attempts = attempts + $4, last_error = $2, updated_at = $3 WHERE id = $1 AND status = 'queued'`,
    [id, reason, opts.now, opts.countAttempt ? 1 : 0],
  );
}

/** A failed delivery of the organization whose content is kept goes back to the queue; false otherwise. */
export async function requeueDelivery(sql: SqlClient, id: number, organizationId: number, now: Date): Promise<MessageChannel | null> {
  const { rows } = await sql.query<{ channel: MessageChannel }>(
    `UPDATE message_deliveries SET status = 'queued', updated_at = $3
     WHERE id = $1 AND organization_id = $2 AND status = 'failed' AND content IS NOT NULL RETURNING channel`,
    [id, organizationId, now],
  );
  return rows[0]?.channel ?? null;
}

export async function findDelivery(database: Database, id: number, organizationId: number): Promise<DeliveryRow | null> {
  const { rows } = await database.sql.query<DeliveryRow>(`SELECT ${COLUMNS} FROM message_deliveries WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
  return rows[0] ?? null;
}

/** The organization's deliveries, newest first, `limit` after the id `before` (a page's cursor). */
export async function listDeliveries(
  database: Database,
  organizationId: number,
  opts: { limit: number; before: number | null; status: DeliveryStatus | null; channel: MessageChannel | null },
): Promise<DeliveryRow[]> {
  const { rows } = await database.sql.query<DeliveryRow>(
    `SELECT ${COLUMNS} FROM message_deliveries
     WHERE organization_id = $1 AND ($2::int IS NULL OR id < $2) AND ($3::text IS NULL OR status = $3) AND ($4::text IS NULL OR channel = $4)
     ORDER BY id DESC LIMIT $5`,
    [organizationId, opts.before, opts.status, opts.channel, opts.limit],
  );
  return rows;
}

/** Removes the records of messages sent or given up before `before`, with any file still attached. */
export async function purgeDeliveries(database: Database, before: Date): Promise<number> {
  const { rows } = await database.sql.query<{ n: number }>(
    `WITH gone AS (DELETE FROM message_deliveries WHERE status <> 'queued' AND updated_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [before],
  );
  return rows[0]?.n ?? 0;
}
