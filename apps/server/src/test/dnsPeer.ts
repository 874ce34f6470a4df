import { type Socket, createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** What the peer answers an A query: an IPv4 address, or 'fail' (SERVFAIL). */
export type DnsAnswer = string | 'fail';

export interface DnsPeer {
  /** For WEBHOOK_DNS_SERVERS: "127.0.0.1:<port>". */
  server: string;
  /** Every A query received, by name, in order. */
  queries: string[];
  /** The answers to the next A queries for `name`, one each; the last one keeps answering. AAAA queries get no record. */
  answer(name: string, answers: DnsAnswer[]): void;
  close(): Promise<void>;
}

const A = 1;

/** A DNS server on a UDP port of this machine, answering what a test tells it (RFC 1035 wire format). */
export async function startDnsPeer(): Promise<DnsPeer> {
  const plans = new Map<string, DnsAnswer[]>();
  const queries: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, from) => {
    const { name, type, end } = question(query);
    let answer: DnsAnswer | null = null;
    if (type === A) {
      queries.push(name);
      const plan = plans.get(name) ?? [];
      answer = plan.length > 1 ? plan.shift()! : (plan[0] ?? null);
    }
    socket.send(reply(query, end, type, answer), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    queries,
    answer: (name, answers) => void plans.set(name, [...answers]),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function question(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at]! > 0) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
    at += query[at]! + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

/** The query's id and question, then: SERVFAIL, one A record, or no record (NOERROR, no answer). */
function reply(query: Buffer, end: number, type: number, answer: DnsAnswer | null): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  const rd = query[2]! & 0x01;
  const failed = answer === 'fail';
  const record = type === A && answer !== null && !failed;
  header[2] = 0x84 | rd; // response, authoritative
  header[3] = 0x80 | (failed ? 2 : 0); // recursion available; rcode
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(record ? 1 : 0, 6);
  const parts = [header, query.subarray(12, end)];
  if (record) {
    const rr = Buffer.alloc(16);
    rr.writeUInt16BE(0xc00c, 0); // the name of the question
    rr.writeUInt16BE(A, 2);
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(0, 6); // TTL 0: nothing may be cached
    rr.writeUInt16BE(4, 10);
    answer!.split('.').forEach((octet, i) => rr.writeUInt8(Number(octet), 12 + i));
    parts.push(rr);
  }
  return Buffer.concat(parts);
}
