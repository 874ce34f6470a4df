import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { DEFAULT_SENDER, type Mailer, createMailer } from './mail/mailer.ts';
import { type VapidKeys, loadVapidKeys } from './push/vapidKeys.ts';
import { type PushSender, webPushSender } from './push/webPushSender.ts';
import { type SmsProvider, smsProviderFor } from './sms/smsProvider.ts';
import { hostResolver } from './webhook/webhookAddress.ts';
import type { WebhookGuard } from './webhook/webhookSender.ts';

/** The transports of one server process, opened once and shared by every send. */
export interface Senders {
  mailer: Mailer;
  sms: SmsProvider;
  push: PushSender;
  /** How webhook hosts are resolved and which addresses they may have. */
  webhook: WebhookGuard;
  vapidKeys(): Promise<VapidKeys>;
}

/** DATA_DIR/outbox: mail/*.eml and sms.log when no SMTP server or SMS provider is configured. */
export const outboxDir = (config: Pick<Config, 'DATA_DIR'>) => join(resolve(config.DATA_DIR), 'outbox');

export function createSenders(database: Database, config: Config): Senders {
  let keys: Promise<VapidKeys> | null = null;
  const vapidKeys = () => (keys ??= loadVapidKeys(database));
  return {
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(outboxDir(config), 'mail') }),
    sms: smsProviderFor(config, join(outboxDir(config), 'sms.log')),
    push: webPushSender(vapidKeys, vapidSubject(config)),
    webhook: { resolve: hostResolver(config.WEBHOOK_DNS_SERVERS), allowPrivate: config.WEBHOOK_ALLOW_PRIVATE === 'on' },
    vapidKeys,
  };
}

/** Whom push services may contact about our traffic: VAPID_SUBJECT, else the sender's address. */
function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM ?? DEFAULT_SENDER)?.[1] ?? config.MAIL_FROM ?? 'no-reply@sitelens.localhost';
  return `mailto:${address}`;
}
