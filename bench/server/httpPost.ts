import { Agent, type IncomingHttpHeaders, request } from 'node:http';

/** One answer of `httpPost`: its status, headers and whole body. */
export interface PostAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

// Kept-alive sockets, as a browser keeps them to one server.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * POST over node:http, for the timed calls of the benchmark. Not `fetch`: this process also runs
 * the servers being timed, and undici's fetch holds each Response through a WeakRef, which V8's
 * young-generation collections treat as a strong reference: every response, its body and its
 * promises lived until a full collection. With fetch, `{ __typename }` calls left 20 KB each in
 * the old generation and the young collections paused the servers for 9 ms on average; with
 * node:http, 2.6 KB and 2.8 ms (docs/benchmarks.md, 2026-12-04 night).
 */
export function httpPost(url: string, body: string, headers: Record<string, string>): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
