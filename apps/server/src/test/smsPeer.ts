import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  from: string;
  body: string;
  sid: string;
}

export interface SmsPeer {
  /** SMS_* variables pointing the server under test here. */
  env: { SMS_API_URL: string; SMS_ACCOUNT_SID: string; SMS_AUTH_TOKEN: string; SMS_FROM: string };
  received: ReceivedSms[];
  /** The next `count` requests answer this status (503 outage, 429 throttling ...). */
  failNext(count: number, status: number): void;
  waitFor(count: number, ms?: number): Promise<ReceivedSms[]>;
  close(): Promise<void>;
}

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'test-auth-token';

/**
 * An HTTP server in the test process playing Twilio's Messages resource: it checks the basic
 * authentication and the form fields as Twilio does, answers 201 with a message `sid`, 400 with
 * code 21211 for a To that is not E.164, and Twilio-shaped errors otherwise.
 */
export async function startSmsPeer(): Promise<SmsPeer> {
  const received: ReceivedSms[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 0 };
  const answer = (res: import('node:http').ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await text(req));
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`) return answer(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`) return answer(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return answer(res, 400, { code: 20001, message: 'Bad content type', status: 400 });
    if (failures.count > 0) {
      failures.count--;
      return answer(res, failures.status, { code: 20500, message: 'Temporarily unavailable', status: failures.status });
    }
    const to = body.get('To') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return answer(res, 400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    received.push({ to, from: body.get('From') ?? '', body: body.get('Body') ?? '', sid });
    answer(res, 201, { sid, status: 'queued', to, from: body.get('From'), body: body.get('Body') });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: { SMS_API_URL: `http://127.0.0.1:${port}/2010-04-01`, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '+41790000000' },
    received,
    failNext(count, status) {
      failures = { count, status };
    },
    async waitFor(count, ms = 10_000) {
      const end = Date.now() + ms;
      while (received.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      if (received.length < count) throw new Error(`expected ${count} SMS, received ${received.length}`);
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function text(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
