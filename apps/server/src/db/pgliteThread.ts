import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ExecProtocolOptions, type ExecProtocolResult, Mutex, PGlite, messages, protocol } from '@electric-sql/pglite';
import type { ThreadAnswer, ThreadCall } from './pgliteThread.messages.ts';

type BackendMessage = messages.BackendMessage;
type Pending = { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void };
type Call = ThreadCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/**
 * PGlite's own query, transaction and type handling (its base class, which it does not export by
 * name), over the protocol messages this class carries to the PGlite thread.
 */
const BasePGlite = Object.getPrototypeOf(PGlite) as abstract new () => Pick<PGlite, 'serializers' | 'parsers' | 'query' | 'exec' | 'transaction' | '_initArrayTypes'>;

const workerUrl = new URL('./pgliteThread.worker.ts', import.meta.url);
/**
 * The worker's entry: tsx's loader, then the worker's TypeScript. (tsx, as `--import` loads it,
 * registers itself on the main thread only.)
 */
const bootstrap = new URL(`data:text/javascript,${encodeURIComponent(`const { register } = await import(${JSON.stringify(tsxApiUrl())}); register(); await import(${JSON.stringify(workerUrl.href)});`)}`);

/**
 * PGlite on a worker thread. PostgreSQL's WebAssembly takes about half of a large request's time;
 * on the server's own thread, no other request could move meanwhile. Here the server's thread
 * serialises protocol messages and decodes the rows (with PGlite's parsers, and Drizzle's, which
 * cannot cross threads), and the worker only executes: one call's SQL runs while another's
 * GraphQL, planning and HTTP do. Queries and transactions keep PGlite's semantics and its two
 * locks, held on this side. LISTEN is not offered (nothing here uses it).
 */
/** tsx's ESM API (its `register` installs the loader in the calling thread). */
function tsxApiUrl(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(packageJson, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(packageJson), exports['./esm/api']!.import.default)).href;
}

export class PGliteThread extends BasePGlite {
  readonly debug = 0 as const;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  #nextId = 0;
  #closed = false;
  #failure: Error | null = null;
  #blobSent = false;
  #written: Uint8Array<ArrayBuffer> | undefined;

  private constructor(dataDir: string | null) {
    super();
    this.#worker = new Worker(bootstrap, { workerData: { dataDir } });
    this.#worker.unref();
    this.#worker.on('message', (answer: ThreadAnswer) => this.#answer(answer));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the PGlite thread stopped (exit code ${code})`)));
  }

  /** Starts PGlite (in `dataDir`, or in memory) on its thread and waits until it answers. */
  static async create(dataDir: string | null): Promise<PGliteThread> {
    const pg = new PGliteThread(dataDir);
    await pg.#call({ op: 'ready' });
    await pg._initArrayTypes();
    return pg;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#call({ op: 'close' })));
    this.#closed = true;
    await this.#worker.terminate();
  }

  async execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    return (await this.#call({ op: 'exec', bytes: message })).data!;
  }

  async execProtocolRawStream(message: Uint8Array, { onRawData }: { onRawData: (data: Uint8Array) => void }): Promise<void> {
    onRawData(await this.execProtocolRaw(message));
  }

  async execProtocol(message: Uint8Array, options: ExecProtocolOptions = {}): Promise<ExecProtocolResult> {
    const data = await this.execProtocolRaw(message);
    return { messages: decode(data, options), data };
  }

  async execProtocolStream(message: Uint8Array, options: ExecProtocolOptions = {}): Promise<BackendMessage[]> {
    return decode(await this.execProtocolRaw(message), options);
  }

  /** PGlite's file systems here (NodeFS, memory) write through: there is nothing to sync. */
  async syncToFs(): Promise<void> {}

  async _handleBlob(blob?: Blob): Promise<void> {
    if (!blob) return;
    this.#blobSent = true;
    await this.#call({ op: 'blob', bytes: new Uint8Array(await blob.arrayBuffer()) });
  }

  async _cleanupBlob(): Promise<void> {
    if (!this.#blobSent) return;
    this.#blobSent = false;
    await this.#call({ op: 'blob' });
  }

  async _getWrittenBlob(): Promise<Blob | undefined> {
    const written = this.#written;
    this.#written = undefined;
    return written ? new Blob([written]) : undefined;
  }

  async _checkReady(): Promise<void> {
    if (this.#closed) throw new Error('PGlite is closed');
    if (this.#failure) throw this.#failure;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  async listen(): Promise<never> {
    throw new Error('LISTEN is not available on the PGlite thread');
  }

  #call(call: Call): Promise<ThreadAnswer> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = ++this.#nextId;
    // Referenced only while it owes an answer: an idle database does not keep the process alive.
    if (this.#pending.size === 0) this.#worker.ref();
    const bytes = 'bytes' in call ? call.bytes : undefined;
    return new Promise<ThreadAnswer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // The bytes are copied rather than moved: callers may reuse their buffers.
      this.#worker.postMessage({ ...call, id, bytes });
    });
  }

  #answer(answer: ThreadAnswer): void {
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (answer.written) this.#written = answer.written;
    if (answer.error) pending.reject(Object.assign(new Error(answer.error.message), { stack: answer.error.stack }));
    else pending.resolve(answer);
  }

  #fail(error: Error): void {
    if (this.#closed) return;
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

/**
 * PostgreSQL's answer as PGlite reads it: every message up to the first error, which is thrown
 * once the whole answer is read (unless throwOnError is false); notices go to onNotice.
 */
function decode(data: Uint8Array, { throwOnError = true, onNotice }: ExecProtocolOptions): BackendMessage[] {
  const results: BackendMessage[] = [];
  let error: InstanceType<typeof messages.DatabaseError> | null = null;
  new protocol.Parser().parse(data, (message) => {
    if (error) return;
    if (message instanceof messages.DatabaseError) {
      if (throwOnError) error = message;
    } else if (message instanceof messages.NoticeMessage) {
      onNotice?.(message);
    }
    results.push(message);
  });
  if (error) throw error;
  return results;
}
