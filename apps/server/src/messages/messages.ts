import { toE164 } from '@sitelens/domain';
import { type Config, publicUrl } from '../config.ts';
import type { Database, SqlClient } from '../db/database.ts';
import type { JobQueue } from '../jobs/jobQueue.types.ts';
import { withTransaction } from '../db/transaction.ts';
import { type Attachment, type NewDelivery, insertAttachments, insertDelivery } from './deliveries.repo.ts';
import { deliveryJobOf } from './deliveryJobs.ts';
import type { MessageChannel } from './messages.tables.ts';
import { pushSubscriptionsOf } from './push/pushSubscriptions.repo.ts';
import { browserName } from './push/browserName.ts';
import { renderEmail } from './render/emailLayout.ts';
import { messageTexts } from './render/messageTexts.ts';
import type { RenderContext } from './render/templates.ts';
import type { Senders } from './senders.ts';
import type { MessageCommon, Messages, Queued } from './messages.types.ts';

export type { EmailRequest, Messages, PushRequest, Queued, Recipient, SmsRequest, WebhookRequest } from './messages.types.ts';

/** Attachments of one e-mail, together: mail servers refuse much more. Bigger files go as a signed link. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export function createMessages(deps: {
  database: Database;
  jobs: JobQueue;
  config: Config;
  now: () => Date;
  senders: Senders;
  /** Membership as the users module knows it (Messages.stillAddressed). */
  stillAddressed: (userId: number, organizationId: number) => Promise<boolean>;
}): Messages {
  const base = publicUrl(deps.config);
  const context = (lang: string): RenderContext => ({ lang, link: (path) => (/^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`) });

  async function enqueue(channel: MessageChannel, row: Omit<NewDelivery, 'channel' | 'now' | 'dedupeKey'>, common: MessageCommon, attachments: readonly Attachment[] = []): Promise<Queued> {
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
    stillAddressed: deps.stillAddressed,
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
