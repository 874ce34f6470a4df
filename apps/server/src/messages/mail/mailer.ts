import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { SendError } from '../sendError.ts';

export interface OutgoingMail {
  deliveryId: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; content: Uint8Array }>;
}

export interface Mailer {
  /** Where mail goes, for the start-up banner: the SMTP server or the outbox folder. */
  readonly where: string;
  /** Sends; resolves with the Message-ID. An aborted signal gives the message up (its connection closes). */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<string>;
  close(): void;
}

export const DEFAULT_SENDER = 'Sitelens <no-reply@sitelens.localhost>';

/**
 * Nodemailer over SMTP when SMTP_URL is set: a pool of connections kept open and reused (5 by
 * default; `?maxConnections=` in the URL), so a burst of alerts or reports does not open one
 * connection per message. Otherwise each message is written as an .eml file to the outbox folder,
 * exactly as it would have been sent.
 */
export function createMailer(opts: { smtpUrl?: string; from?: string; outboxDir: string }): Mailer {
  const from = opts.from ?? DEFAULT_SENDER;
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString(), { from });
    return {
      where: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail, signal) {
        try {
          const info = await transport.sendMail({ ...message(mail), signal });
          return String(info.messageId);
        } catch (error) {
          throw smtpError(error);
        }
      },
      close: () => transport.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    where: opts.outboxDir,
    async send(mail) {
      const info = await composer.sendMail(message(mail));
      // The owner's alone: its messages hold live sign-in codes and links.
      await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = join(opts.outboxDir, outboxName(mail));
      // Written whole, then renamed: a reader of the folder never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return String(info.messageId);
    },
    close: () => undefined,
  };
}

function message(mail: OutgoingMail) {
  return {
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { ...mail.headers, 'X-Sitelens-Delivery': String(mail.deliveryId) },
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
  };
}

/** 2026-03-29T06-00-01Z-42-ana@example.com.eml: sorted by time, findable by recipient. */
function outboxName(mail: OutgoingMail): string {
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const who = mail.to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 80);
  return `${at}-${mail.deliveryId}-${who}.eml`;
}

// Refusals of an address or a message (5xx) do not change on retry; authentication and policy
// refusals (530, 534, 535, 538) are settings an administrator fixes, so those are retried.
const RETRIED_5XX = new Set([530, 534, 535, 538]);

function smtpError(error: unknown): SendError {
  const e = error as { message?: string; responseCode?: number };
  const code = e.responseCode;
  const permanent = code !== undefined && code >= 500 && !RETRIED_5XX.has(code);
  return new SendError(`SMTP: ${e.message ?? String(error)}`, permanent);
}
