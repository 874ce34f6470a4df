import { customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../modules/organizations/organizations.tables.ts';
import { users } from '../modules/users/users.tables.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export type MessageChannel = 'email' | 'sms' | 'push' | 'webhook';
export type DeliveryStatus = 'queued' | 'sent' | 'failed';

/**
 * Every outgoing message, one row per recipient and channel: what administrators see on the
 * Deliveries tab. `content` is the message as rendered when it was enqueued (in the recipient's
 * language); it is erased once sent, so codes and links do not outlive their delivery. A failed
 * message keeps it for a retry until the retention purge.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').$type<MessageChannel>().notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull().default(''),
    content: jsonb('content'),
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    /** A feature's key for "this message once" (a report occurrence and recipient): a second enqueue is a no-op. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_deliveries_dedupe').on(t.dedupeKey),
    index('message_deliveries_organization').on(t.organizationId, t.id),
    index('message_deliveries_created').on(t.createdAt),
  ],
);

/** Files sent with an e-mail (XLSX reports), kept in the database so any server process can send them. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => messageDeliveries.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [index('message_attachments_delivery').on(t.deliveryId)],
);

/** A browser that accepted Web Push for a user (the "notify this browser" switch). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);

/**
 * The key an organization's webhooks are signed with (HMAC-SHA256). After a rotation the previous
 * key also signs until `previous_valid_until`, so receivers can switch without losing a message.
 */
export const webhookSecrets = pgTable('webhook_secrets', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull(),
});
