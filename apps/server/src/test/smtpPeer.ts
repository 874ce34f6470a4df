import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  /** SMTP_URL for the server under test. */
  url: string;
  /** Every message accepted so far, parsed. */
  received: ParsedMail[];
  /** When each of `received` was accepted (Date.now()), in the same order. */
  acceptedAt: number[];
  /** Messages to this recipient are refused with this reply (e.g. 450 busy, 550 no such user) until cleared. */
  refuse(recipient: string, reply: { code: number; message: string } | null): void;
  /** While on, messages are read but never acknowledged (a server that hangs mid-delivery). */
  hold(on: boolean): void;
  /** Messages that arrived while held (read, never accepted). */
  held: number;
  /** Resolves once `count` messages were accepted; fails after `ms`. */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (smtp-server), reading what arrives with mailparser. */
export async function startSmtpPeer(opts: { user?: string; pass?: string } = {}): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const acceptedAt: number[] = [];
  const refusals = new Map<string, { code: number; message: string }>();
  let holding = false;
  const peer = { held: 0 } as SmtpPeer;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: opts.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.user,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === opts.user && auth.password === opts.pass) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const reply = refusals.get(address.address.toLowerCase());
      callback(reply ? Object.assign(new Error(reply.message), { responseCode: reply.code }) : null);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (holding) {
            peer.held++;
            return;
          }
          received.push(mail);
          acceptedAt.push(Date.now());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = opts.user ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass ?? '')}@` : '';
  return Object.assign(peer, {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    acceptedAt,
    refuse(recipient: string, reply: { code: number; message: string } | null) {
      if (reply) refusals.set(recipient.toLowerCase(), reply);
      else refusals.delete(recipient.toLowerCase());
    },
    hold(on: boolean) {
      holding = on;
    },
    async waitFor(count: number, ms = 10_000) {
      const end = Date.now() + ms;
      while (received.length < count && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      if (received.length < count) throw new Error(`expected ${count} e-mails, received ${received.length}`);
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
