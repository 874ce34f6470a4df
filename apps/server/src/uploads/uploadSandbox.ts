import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UploadLimitError } from '@sitelens/domain';
import type { Config } from '../config.ts';
import { type TaskError, errorOfTask } from './uploadTasks.ts';

export interface SandboxOptions {
  /** Workers at once; more files wait their turn (one file of an owner at a time). */
  workers: number;
  /** Each worker's V8 heap (old generation): past it the worker dies, not the server. */
  heapMb: number;
  /** Longest a file may take once its worker has it. */
  timeoutMs: number;
  /** Files waiting beyond this many are refused (limit `busy`). */
  maxQueued?: number;
  /** An idle worker is stopped after this long (its memory given back). */
  idleMs?: number;
  /** The sandbox's tests add tasks that spin and hoard. */
  testTasks?: boolean;
}

export interface TaskOptions {
  /** Whose file (an organization): one file of an owner is read at a time, so one cannot take every worker. */
  owner: string;
  /** The request was abandoned: its worker is stopped at once. */
  signal?: AbortSignal;
  transfer?: ArrayBuffer[];
}

interface Job {
  task: string;
  input: unknown;
  options: TaskOptions;
  resolve: (output: any) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  ready: Promise<void> | null;
  job: Job | null;
  idle: ReturnType<typeof setTimeout> | null;
}

/** Node loads the worker's TypeScript through tsx, as it does the server's (`node --import tsx`). */
function workerSource(): string {
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./upload.worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
}

/**
 * Reads uploaded files off the request thread (issue 28): each file goes to a worker thread with its
 * own heap limit and a time limit; a worker past its heap dies alone, one past its time or whose
 * request is abandoned is terminated. The server's memory and its thread serve every organization
 * meanwhile. Workers start on first use and stop after a while idle.
 */
export class UploadSandbox {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private readonly running = new Map<string, number>();
  private nextId = 1;

  constructor(private readonly options: SandboxOptions) {
    this.slots = Array.from({ length: options.workers }, () => ({ worker: null, ready: null, job: null, idle: null }));
  }

  run<T>(task: string, input: unknown, options: TaskOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) return reject(abortError());
      if (this.queue.length >= (this.options.maxQueued ?? 32)) return reject(new UploadLimitError('busy', 'too many files waiting'));
      const job: Job = { task, input, options, resolve, reject };
      this.queue.push(job);
      options.signal?.addEventListener('abort', () => this.abandon(job), { once: true });
      this.pump();
    });
  }

  /** Stops every worker (a server closing). */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(abortError());
    await Promise.all(this.slots.map((slot) => this.stop(slot)));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const index = this.queue.findIndex((job) => !this.running.get(job.options.owner));
      if (index < 0) return;
      const [job] = this.queue.splice(index, 1);
      this.start(slot, job!);
    }
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    this.running.set(job.options.owner, (this.running.get(job.options.owner) ?? 0) + 1);
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (!slot.worker) this.spawn(slot);
    const worker = slot.worker!;
    void slot.ready!.then(
      () => {
        if (slot.job !== job || slot.worker !== worker) return;
        const id = this.nextId++;
        const timer = setTimeout(() => {
          if (slot.job === job) this.fail(slot, new UploadLimitError('time', `stopped after ${this.options.timeoutMs} ms`), true);
        }, this.options.timeoutMs);
        const onMessage = (message: { id?: number; ok?: boolean; output?: unknown; error?: TaskError }) => {
          if (message.id !== id || slot.job !== job) return;
          worker.off('message', onMessage);
          clearTimeout(timer);
          this.finish(slot);
          if (message.ok) job.resolve(message.output);
          else job.reject(errorOfTask(message.error!));
        };
        worker.on('message', onMessage);
        worker.postMessage({ id, task: job.task, input: job.input }, job.options.transfer ?? []);
      },
      (error: unknown) => {
        if (slot.job === job) this.fail(slot, error instanceof Error ? error : new Error(String(error)), true);
      },
    );
  }

  private spawn(slot: Slot): void {
    const worker = new Worker(workerSource(), {
      eval: true,
      execArgv: [],
      workerData: { testTasks: this.options.testTasks ?? false },
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(8, this.options.heapMb >> 3)), stackSizeMb: 4 },
    });
    worker.unref();
    slot.worker = worker;
    slot.ready = new Promise<void>((resolve, reject) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the upload worker exited with ${code} before it was ready`)));
    });
    slot.ready.catch(() => undefined);
    worker.on('error', (error: Error & { code?: string }) => {
      if (slot.worker !== worker) return;
      const limit = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new UploadLimitError('memory', error.message) : error;
      if (slot.job) this.fail(slot, limit, false);
      slot.worker = null;
    });
    worker.on('exit', () => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (slot.job) this.fail(slot, new UploadLimitError('memory', 'the upload worker stopped'), false);
    });
  }

  private abandon(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      job.reject(abortError());
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    if (slot) this.fail(slot, abortError(), true);
  }

  /** The slot's job ends in an error; its worker, when it may still be busy, is terminated. */
  private fail(slot: Slot, error: Error, terminate: boolean): void {
    const job = slot.job;
    if (terminate) void this.stop(slot);
    else {
      slot.worker = null;
      slot.ready = null;
    }
    this.finish(slot);
    job?.reject(error);
  }

  private finish(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    slot.job = null;
    const count = (this.running.get(job.options.owner) ?? 1) - 1;
    if (count > 0) this.running.set(job.options.owner, count);
    else this.running.delete(job.options.owner);
    if (slot.worker && this.options.idleMs !== 0) {
      slot.idle = setTimeout(() => void this.stop(slot), this.options.idleMs ?? 120_000);
      slot.idle.unref();
    }
    this.pump();
  }

  private async stop(slot: Slot): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = null;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (worker) await worker.terminate().catch(() => undefined);
  }
}

const abortError = () => Object.assign(new Error('the request was abandoned'), { name: 'AbortError' });

const sandboxes = new Map<string, UploadSandbox>();

/** The server's sandbox for its configuration (one per set of limits, shared by its requests). */
export function uploadSandboxFor(config: Pick<Config, 'UPLOAD_WORKERS' | 'UPLOAD_WORKER_HEAP_MB' | 'UPLOAD_PARSE_TIMEOUT_SECONDS'>): UploadSandbox {
  const key = `${config.UPLOAD_WORKERS}/${config.UPLOAD_WORKER_HEAP_MB}/${config.UPLOAD_PARSE_TIMEOUT_SECONDS}`;
  let sandbox = sandboxes.get(key);
  if (!sandbox) {
    sandbox = new UploadSandbox({ workers: config.UPLOAD_WORKERS, heapMb: config.UPLOAD_WORKER_HEAP_MB, timeoutMs: config.UPLOAD_PARSE_TIMEOUT_SECONDS * 1000 });
    sandboxes.set(key, sandbox);
  }
  return sandbox;
}
