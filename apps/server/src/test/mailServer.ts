import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { type ReceivedSms, type SmsPeer, startSmsPeer } from './smsPeer.ts';
import { type SmtpPeer, startSmtpPeer } from './smtpPeer.ts';
import { openTestDatabase } from './testDatabase.ts';
import { startTestServer } from './testServer.ts';

export interface MailServerOptions {
  /** The server's clock (a test that moves time). */
  clock?: { now: () => Date };
  /** More variables for the server, e.g. `{ LOGIN_RATE_LIMIT: '100' }`; undefined removes one (a function: read when the server starts). */
  env?: Record<string, string | undefined> | (() => Record<string, string | undefined>);
  /** Fills the fresh database before the server starts. */
  seed?: (database: Database) => Promise<void>;
  /** How long the start may take (ms), when not vitest's hookTimeout. */
  timeout?: number;
}

/** A server sending its mail to an SMTP peer, working its jobs at once; fields filled before the file's tests. */
export interface MailServer {
  database: Database;
  smtp: SmtpPeer;
  server: Awaited<ReturnType<typeof startTestServer>>;
  /** The messages the SMTP peer accepted for this address, oldest first. */
  mailsTo(address: string): ParsedMail[];
  close(): Promise<void>;
}

/** The same, with an SMS peer (the server's SMS_* variables point to it). */
export interface MailAndSmsServer extends MailServer {
  sms: SmsPeer;
  /** The texts the SMS peer received for this phone, oldest first. */
  textsTo(phone: string): ReceivedSms[];
}

/** Mail to the peer, links to https://sitelens.example, jobs polled every 500 ms, failed sends retried at once. */
const mailEnv = (smtp: SmtpPeer) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <no-reply@sitelens.test>', PUBLIC_URL: 'https://sitelens.example', JOBS_POLL_MS: '500', MESSAGE_RETRY_DELAY_SECONDS: '0' });

function perFile<W extends MailServer>(world: W, start: () => Promise<Omit<W, 'mailsTo' | 'textsTo'>>, timeout?: number): W {
  beforeAll(async () => {
    Object.assign(world, await start());
  }, timeout);
  afterAll(() => world.close());
  return world;
}

async function start(sms: SmsPeer | undefined, opts: MailServerOptions) {
  const smtp = await startSmtpPeer();
  const database = await openTestDatabase();
  await opts.seed?.(database);
  const env = Object.entries({ ...sms?.env, ...mailEnv(smtp), ...(typeof opts.env === 'function' ? opts.env() : opts.env) }).filter((e): e is [string, string] => e[1] !== undefined);
  const server = await startTestServer(database, Object.fromEntries(env), opts.clock, { jobs: { work: true } });
  const close = async () => {
    await server.close();
    await Promise.all([smtp.close(), sms?.close(), database.close()]);
  };
  return { database, smtp, server, close };
}

/** A fresh database, an SMTP peer and a server sending to it, for a whole test file: started before its tests, closed after. */
export function mailServerPerFile(opts: MailServerOptions = {}): MailServer {
  const world = { mailsTo: (address: string) => received(world.smtp, address) } as MailServer;
  return perFile(world, () => start(undefined, opts), opts.timeout);
}

/** As mailServerPerFile, with an SMS peer too. */
export function mailAndSmsServerPerFile(opts: MailServerOptions = {}): MailAndSmsServer {
  const world = {
    mailsTo: (address: string) => received(world.smtp, address),
    textsTo: (phone: string) => world.sms.received.filter((m) => m.to === phone),
  } as MailAndSmsServer;
  return perFile(world, async () => {
    const sms = await startSmsPeer();
    return { ...(await start(sms, opts)), sms };
  }, opts.timeout);
}

const received = (smtp: SmtpPeer, address: string) => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address);

/** Waits (up to 10 s) until the list holds `count` items, and gives the count-th. */
export async function nth<T>(list: () => T[], count: number): Promise<T> {
  const end = Date.now() + 10_000;
  while (list().length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(list().length).toBeGreaterThanOrEqual(count);
  return list()[count - 1]!;
}
