import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  event: string | undefined;
  delivery: string | undefined;
  body: string;
  json: any;
  /** Whether the signature matched the secret the receiver was given, within 5 minutes. */
  verified: boolean;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The signing secret the receiver checks with (an administrator copies it from Sitelens). */
  trust(secret: string): void;
  /** The next `count` requests answer `status` (an outage, a 410 Gone ...). */
  answerNext(count: number, status: number): void;
  close(): Promise<void>;
}

/**
 * A webhook endpoint in the test process that checks signatures the way the documentation tells
 * receivers to: t and v1 from Sitelens-Signature, HMAC-SHA256 of "<t>.<raw body>" with the secret,
 * constant-time comparison, and a timestamp no older than five minutes.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let secret = '';
  let failures = { count: 0, status: 0 };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (failures.count > 0) {
      failures.count--;
      return res.writeHead(failures.status).end();
    }
    const verified = check(String(req.headers['sitelens-signature'] ?? ''), body, secret);
    received.push({ event: req.headers['sitelens-event'] as string, delivery: req.headers['sitelens-delivery'] as string, body, json: JSON.parse(body), verified });
    res.writeHead(verified ? 204 : 401).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/sitelens`,
    received,
    trust: (s) => void (secret = s),
    answerNext: (count, status) => void (failures = { count, status }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function check(header: string, body: string, secret: string): boolean {
  const fields = header.split(',').map((f) => f.split('='));
  const t = fields.find(([k]) => k === 't')?.[1];
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return fields.some(([k, v]) => k === 'v1' && v && Buffer.from(v, 'hex').length === expected.length && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
