import { Writable } from 'node:stream';

/** Everything a server writes to its log, as text and as parsed JSON lines. */
export function logSink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join(''), lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>) };
}
