import type { SqlClient } from '../db/database.ts';
import type { Attachment } from './deliveries.repo.ts';
import type { EmailTemplate, PushTemplate, SmsTemplate } from './render/templates.ts';
import type { Senders } from './senders.ts';

// The features' side of outgoing messages, as the server's dependencies carry it (messages.ts implements it).

/** Who and in which language; `userId` links the record to the user when there is one. */
export interface Recipient {
  lang: string;
  userId?: number | null;
}

export interface MessageCommon {
  /** The organization the message belongs to: its administrators see it on the Deliveries tab. */
  organizationId: number | null;
  /** "This message once": a second send with the same key is a no-op (e.g. `report:12:2026-03-29T06:00Z:ana@example.com`). */
  dedupeKey?: string;
  /**
   * Enqueue inside the caller's transaction, so the message exists exactly when the change that
   * causes it commits. It is then picked up within JOBS_POLL_MS, or at once after `deps.jobs.wake`.
   */
  tx?: SqlClient;
}

export interface EmailRequest<T> extends MessageCommon {
  template: EmailTemplate<T>;
  data: T;
  to: Recipient & { address: string };
  attachments?: Attachment[];
}

export interface SmsRequest<T> extends MessageCommon {
  template: SmsTemplate<T>;
  data: T;
  /** Any phone number; it is sent in E.164 (a national number reads as Swiss). */
  to: Recipient & { phone: string };
}

export interface PushRequest<T> extends MessageCommon {
  template: PushTemplate<T>;
  data: T;
  /** Every browser where the user turned on notifications (or only the one of `endpoint`). */
  to: Recipient & { userId: number; endpoint?: string };
}

export interface WebhookRequest extends MessageCommon {
  organizationId: number;
  url: string;
  /** What happened, e.g. 'alert.triggered': the Sitelens-Event header and the body's `event`. */
  event: string;
  /** The body's `data`: any JSON. */
  payload: unknown;
}

/** The delivery's id, or null when its dedupe key was sent already. */
export type Queued = number | null;

/**
 * Outgoing messages for features: each call renders the message in the recipient's language,
 * records it (the Deliveries tab) and enqueues its sending; retries, backoff, the failure record
 * and the transports are this module's business. Features never send themselves.
 */
export interface Messages {
  email<T>(request: EmailRequest<T>): Promise<Queued>;
  sms<T>(request: SmsRequest<T>): Promise<Queued>;
  /** One delivery per browser of the user; none when the user has no browser subscribed. */
  push<T>(request: PushRequest<T>): Promise<Queued[]>;
  webhook(request: WebhookRequest): Promise<Queued>;
  /** The transports of this process (used by the delivery jobs, and by the banner to say where mail goes). */
  readonly senders: Senders;
  /**
   * Whether a message to this user on behalf of this organization may still go: they are still an
   * active member of it. The delivery jobs ask it before every send (a queued, retried or requeued
   * message was recorded when they were), since membership is the users module's, not this layer's.
   */
  stillAddressed(userId: number, organizationId: number): Promise<boolean>;
}
