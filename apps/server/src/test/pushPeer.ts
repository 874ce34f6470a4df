import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';

export interface ReceivedPush {
  /** The decrypted payload (RFC 8291: the browser's keys, as a browser would decrypt it). */
  payload: string;
  ttl: string | undefined;
  /** The VAPID claims, verified against the key in the Authorization header. */
  vapid: { aud: unknown; sub: unknown; publicKey: string };
}

export interface PushBrowser {
  /** What the browser gives the app (PushSubscription.toJSON()), for subscribePush. */
  subscription: { endpoint: string; p256dh: string; auth: string };
  received: ReceivedPush[];
  /** From now on the push service answers 410 Gone (the user revoked the permission). */
  unsubscribe(): void;
  /** The next `count` pushes to this browser answer this status (503: the push service is down). */
  failNext(count: number, status: number): void;
}

export interface PushPeer {
  /** A new browser: its own key pair and auth secret, its own endpoint on this push service. */
  browser(): PushBrowser;
  close(): Promise<void>;
}

/** A push service in the test process, with browsers that decrypt what it receives. */
export async function startPushPeer(): Promise<PushPeer> {
  const browsers = new Map<string, { keys: ReturnType<typeof createECDH>; auth: Buffer; received: ReceivedPush[]; gone: boolean; failures: { count: number; status: number } }>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const browser = browsers.get(req.url ?? '');
    if (!browser) return res.writeHead(404).end();
    if (browser.gone) return res.writeHead(410).end('push subscription has unsubscribed or expired');
    if (browser.failures.count > 0) {
      browser.failures.count--;
      return res.writeHead(browser.failures.status).end('push service unavailable');
    }
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
      const vapid = await verifyVapid(req.headers.authorization ?? '');
      const payload = decrypt(Buffer.concat(chunks), browser.keys, browser.auth).toString('utf8');
      browser.received.push({ payload, ttl: req.headers.ttl as string | undefined, vapid });
      res.writeHead(201).end();
    } catch (error) {
      res.writeHead(400).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    browser() {
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const state = { keys, auth, received: [] as ReceivedPush[], gone: false, failures: { count: 0, status: 0 } };
      browsers.set(path, state);
      return {
        subscription: { endpoint: `http://127.0.0.1:${port}${path}`, p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: state.received,
        unsubscribe: () => void (state.gone = true),
        failNext: (count, status) => void (state.failures = { count, status }),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188 decryption of a single-record aes128gcm body, written out here on purpose. */
function decrypt(body: Buffer, keys: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}

/** `vapid t=<JWT>, k=<public key>`: the JWT must be an ES256 signature by that key (RFC 8292). */
async function verifyVapid(header: string): Promise<ReceivedPush['vapid']> {
  const t = /t=([^,\s]+)/.exec(header)?.[1];
  const k = /k=([^,\s]+)/.exec(header)?.[1];
  if (!header.startsWith('vapid ') || !t || !k) throw new Error(`bad Authorization: ${header}`);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const { payload } = await jwtVerify(t, key, { algorithms: ['ES256'] });
  return { aud: payload.aud, sub: payload.sub, publicKey: k };
}
