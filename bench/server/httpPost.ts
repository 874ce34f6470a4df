import { Agent, type IncomingHttpHeaders, request } from 'node:http';

/** One answer of `postGraphql`: its status, headers and whole body. */
export interface PostAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

// Kept-alive sockets, as a browser keeps them to one server.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/**
 * A GraphQL POST (a JSON body, signed in when a token is given) over node:http, for the timed calls
 * of the benchmark. Not `fetch`: this process also runs the servers being timed, and undici's fetch
 * holds each Response through a WeakRef, which V8's young-generation collections treat as a strong
 * reference: every response, its body and its promises lived until a full collection. With fetch,
 * `{ __typename }` calls left 20 KB each in the old generation and the young collections paused the
 * servers for 9 ms on average; with node:http, 1.3 KB and 1.9 ms (docs/benchmarks.md, 2026-12-04 night).
 */
export function postGraphql(url: string, body: string, token?: string): Promise<PostAnswer> {
  const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
