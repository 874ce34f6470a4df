import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface ScriptFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface ScriptBytes {
  /** Every same-origin script the page fetched, largest first. */
  files: ScriptFile[];
  bytes: number;
  /** gzip as sent when the server sends gzip, else (brotli, none) the body through zlib's default level, as Vite reports it. */
  gzipBytes: number;
  /** The Content-Encoding the server sent scripts with ('identity' when none). */
  serverEncoding: string;
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || /javascript/.test(response.headers()['content-type'] ?? '');

async function measure(response: Response): Promise<ScriptFile & { encoding: string }> {
  const body = await response.body();
  const encoding = response.headers()['content-encoding'] ?? 'identity';
  const gzipBytes = encoding === 'gzip' ? (await response.request().sizes()).responseBodySize : gzipSync(body).length;
  return { path: new URL(response.url()).pathname, bytes: body.length, gzipBytes, encoding };
}

/** Starts recording the scripts a page loads from `origin`; the returned function sums them. */
export function recordScripts(page: Page, origin: string): () => Promise<ScriptBytes> {
  const pending: Array<Promise<ScriptFile & { encoding: string }>> = [];
  const onResponse = (response: Response) => {
    if (response.ok() && new URL(response.url()).origin === origin && isScript(response)) pending.push(measure(response));
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    const measured = await Promise.all(pending);
    const unique = [...new Map(measured.map((f) => [f.path, f])).values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      files: unique.map(({ path, bytes, gzipBytes }) => ({ path, bytes, gzipBytes })),
      bytes: unique.reduce((sum, f) => sum + f.bytes, 0),
      gzipBytes: unique.reduce((sum, f) => sum + f.gzipBytes, 0),
      serverEncoding: [...new Set(unique.map((f) => f.encoding))].join(', ') || 'identity',
    };
  };
}
