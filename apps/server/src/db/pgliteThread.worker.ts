/**
 * The PGlite of `pgliteThread.ts`, on a thread of its own: PostgreSQL (WebAssembly) runs here while
 * the server's thread parses, plans and answers other requests. The server's thread sends protocol
 * messages and gets PostgreSQL's bytes back; requests are handled one after another, in order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadAnswer, ThreadCall } from './pgliteThread.messages.ts';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | null };
const pg = dataDir ? new PGlite(dataDir) : new PGlite();

async function handle(call: ThreadCall): Promise<ThreadAnswer> {
  switch (call.op) {
    case 'ready':
      await pg.waitReady;
      return { id: call.id };
    case 'exec': {
      const data = await pg.execProtocolRaw(call.bytes, { syncToFs: false });
      // COPY … TO '/dev/blob' leaves what it wrote with PGlite until asked for.
      const written = await pg._getWrittenBlob();
      return { id: call.id, data, written: written ? new Uint8Array(await written.arrayBuffer()) : undefined };
    }
    case 'blob':
      await pg._handleBlob(call.bytes ? new Blob([call.bytes]) : undefined);
      return { id: call.id };
    case 'close':
      await pg.close();
      return { id: call.id };
  }
}

let queue: Promise<unknown> = Promise.resolve();
port.on('message', (call: ThreadCall) => {
  queue = queue.then(async () => {
    let answer: ThreadAnswer;
    try {
      answer = await handle(call);
    } catch (error) {
      answer = { id: call.id, error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } };
    }
    const transfer = [answer.data?.buffer, answer.written?.buffer].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
    port.postMessage(answer, transfer);
  });
});
