import { toE164 } from '@sitelens/domain';
import { type Config, publicUrl } from '../config.ts';
import type { Database, SqlClient } from '../db/database.ts';
import type { JobQueue } from '../jobs/jobQueue.ts';
import { withTransaction } from '../modules/metrics/readings.write.ts';
import { type Attachment, type NewDelivery, insertAttachments, insertDelivery } from './deliveries.repo.ts';
import { deliveryJobOf } from './deliveryJobs.ts';
import type { MessageChannel } from './messages.tables.ts';
import { pushSubscriptionsOf } from './push/pushSubscriptions.repo.ts';
import { renderEmail } from './render/emailLayout.ts';
import { messageTexts } from './render/messageTexts.ts';
import type { EmailTemplate, PushTemplate, RenderContext, SmsTemplate } from './render/templates.ts';
import type { Senders } from './senders.ts';
import { browserName } from './push/browserName.ts';

/** Who and in which language; `userId` links the record to the user when there is one. */
export interface Recipient {
  lang: string;
  userId?: number | null;
}

interface Common {
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

export interface EmailRequest<T> extends Common {
  template: EmailTemplate<T>;
  data: T;
  to: Recipient & { address: string };
  attachments?: Attachment[];
}

export interface SmsRequest<T> extends Common {
  template: SmsTemplate<T>;
  data: T;
  /** Any phone number; it is sent in E.164 (a national number reads as Swiss). */
  to: Recipient & { phone: string };
}

export interface PushRequest<T> extends Common {
  template: PushTemplate<T>;
  data: T;
  /** Every browser where the user turned on notifications (or only the one of `endpoint`). */
  to: Recipient & { userId: number; endpoint?: string };
}

export interface WebhookRequest extends Common {
  organizationId: number;
  url: string;
  /** What happened, e.g. 'alert.triggered': the Sitelens-Event header and the body's `event`. */
  event: string;
  /** The body's `data`: any JSON. */
  payload: unknown;
}

/** Attachments of one e-mail, together: mail servers refuse much more. Bigger files go as a signed link. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

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
}

export function createMessages(deps: { database: Database; jobs: JobQueue; config: Config; now: () => Date; senders: Senders }): Messages {
  const base = publicUrl(deps.config);
  const context = (lang: string): RenderContext => ({ lang, link: (path) => (/^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`) });

  async function enqueue(channel: MessageChannel, row: Omit<NewDelivery, 'channel' | 'now' | 'dedupeKey'>, common: Common, attachments: readonly Attachment[] = []): Promise<Queued> {
    const job = deliveryJobOf(channel);
    const delivery: NewDelivery = { ...row, channel, now: deps.now(), dedupeKey: common.dedupeKey ?? null };
    const write = async (tx: SqlClient) => {
      const id = await insertDelivery(tx, delivery);
      if (id === null || delivery.status === 'failed') return id;
      await insertAttachments(tx, id, attachments);
      await deps.jobs.enqueue(job, { deliveryId: id }, { tx });
      return id;
    };
    if (common.tx) return write(common.tx);
    const id = await withTransaction(deps.database, write);
    deps.jobs.wake(job);
    return id;
  }

  return {
    senders: deps.senders,
    async email({ template, data, to, attachments, ...common }) {
      const bytes = (attachments ?? []).reduce((n, a) => n + a.content.byteLength, 0);
      if (bytes > MAX_ATTACHMENT_BYTES) throw new RangeError(`attachments of ${bytes} bytes: send a link above ${MAX_ATTACHMENT_BYTES}`);
      const t = messageTexts(to.lang);
      const mail = renderEmail(template.render(data, t, context(to.lang)), to.lang, t);
      const content = { html: mail.html, text: mail.text, headers: mail.headers };
      const row = { organizationId: common.organizationId, userId: to.userId ?? null, recipient: to.address.trim(), template: template.id, lang: to.lang, subject: mail.subject, content };
      return enqueue('email', row, common, attachments);
    },
    async sms({ template, data, to, ...common }) {
      const body = template.render(data, messageTexts(to.lang), context(to.lang));
      const phone = toE164(to.phone);
      const row = { organizationId: common.organizationId, userId: to.userId ?? null, recipient: phone ?? to.phone, template: template.id, lang: to.lang, subject: '', content: { body } };
      // A number that cannot be an SMS recipient is recorded as failed at once, for administrators to see.
      return enqueue('sms', phone ? row : { ...row, status: 'failed', lastError: 'not a valid phone number' }, common);
    },
    async push({ template, data, to, ...common }) {
      const push = template.render(data, messageTexts(to.lang), context(to.lang));
      const payload = JSON.stringify({ ...push, url: push.url ? context(to.lang).link(push.url) : undefined, lang: to.lang });
      const browsers = (await pushSubscriptionsOf(deps.database, to.userId)).filter((b) => !to.endpoint || b.endpoint === to.endpoint);
      const ids: Queued[] = [];
      for (const b of browsers) {
        const row = { organizationId: common.organizationId, userId: to.userId, recipient: browserName(b.userAgent), template: template.id, lang: to.lang, subject: push.title, content: { endpoint: b.endpoint, payload } };
        ids.push(await enqueue('push', row, { ...common, dedupeKey: common.dedupeKey && `${common.dedupeKey}:${b.id}` }));
      }
      return ids;
    },
    async webhook({ url, event, payload, ...common }) {
      const content = { url, event, createdAt: deps.now().toISOString(), payload };
      return enqueue('webhook', { organizationId: common.organizationId, userId: null, recipient: url, template: event, lang: '', subject: event, content }, common);
    },
  };
}
