import { afterAll, describe, expect, it } from 'vitest';
import { UploadLimitError } from '@sitelens/domain';
import { UploadSandbox } from './uploadSandbox.ts';

// Real worker threads: a task that never ends, one that hoards memory, one abandoned by its request.
const sandbox = new UploadSandbox({ workers: 1, heapMb: 64, timeoutMs: 3_000, testTasks: true, idleMs: 0 });
afterAll(() => sandbox.close());

const limitOf = (promise: Promise<unknown>) => promise.then(() => 'answered', (e: unknown) => (e instanceof UploadLimitError ? e.limit : (e as Error).name));

describe('the upload sandbox', () => {
  it('stops a task past its time and answers the next one in a fresh worker', async () => {
    const started = Date.now();
    expect(await limitOf(sandbox.run('spin', null, { owner: 'a' }))).toBe('time');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await sandbox.run('echo', { hello: 'world' }, { owner: 'a' })).toEqual({ hello: 'world' });
  });

  it('lets a task past its heap die alone: the server answers, with a limit', async () => {
    // Its own sandbox with a time limit far off: on a loaded machine filling 64 MB took past 3 s,
    // and the time limit came first.
    const roomy = new UploadSandbox({ workers: 1, heapMb: 64, timeoutMs: 60_000, testTasks: true, idleMs: 0 });
    try {
      const before = process.memoryUsage().heapUsed;
      expect(await limitOf(roomy.run('hoard', null, { owner: 'a' }))).toBe('memory');
      // The hoard lived in the worker's heap, not this one.
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
      expect(await roomy.run('echo', 1, { owner: 'a' })).toBe(1);
    } finally {
      await roomy.close();
    }
  });

  it('stops the worker of an abandoned request at once, and one that waited is dropped', async () => {
    const spinning = new AbortController();
    const waiting = new AbortController();
    const first = limitOf(sandbox.run('spin', null, { owner: 'a', signal: spinning.signal }));
    const second = limitOf(sandbox.run('echo', 2, { owner: 'a', signal: waiting.signal }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    waiting.abort();
    expect(await second).toBe('AbortError');
    const at = Date.now();
    spinning.abort();
    expect(await first).toBe('AbortError');
    // Well before its 3 s limit: the abort stopped it.
    expect(Date.now() - at).toBeLessThan(2_500);
    expect(await sandbox.run('echo', 3, { owner: 'a' })).toBe(3);
  });

  it('reads one file of an owner at a time: another owner goes first', async () => {
    const wide = new UploadSandbox({ workers: 2, heapMb: 64, timeoutMs: 2_000, testTasks: true, idleMs: 0 });
    try {
      const order: string[] = [];
      const jobs = [
        limitOf(wide.run('spin', null, { owner: 'a' })).then(() => order.push('a1')),
        limitOf(wide.run('spin', null, { owner: 'a' })).then(() => order.push('a2')),
        wide.run('echo', 'b', { owner: 'b' }).then(() => order.push('b')),
      ];
      await Promise.all(jobs);
      expect(order).toEqual(['b', 'a1', 'a2']);
    } finally {
      await wide.close();
    }
  });
});
