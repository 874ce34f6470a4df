import { describe, expect, it } from 'vitest';
import { FairQueue } from './fairQueue.ts';

/** A statement the test ends when it chooses: the order in which they start is what is checked. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('engine statements taken in turn across callers', () => {
  it('runs a second caller\'s statement after one of the first caller\'s, not after all of them', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const stop = queue.onStart((key) => started.push(key));
    const gates = new Map<string, ReturnType<typeof gate>>();
    const statement = (key: string, n: number) => {
      const g = gate();
      gates.set(`${key}${n}`, g);
      return queue.run(key, async () => {
        await g.opened;
        return `${key}${n}`;
      });
    };
    const heavy = Array.from({ length: 6 }, (_, n) => statement('attacker', n));
    const other = [statement('viewer', 0), statement('viewer', 1)];
    expect(queue.load('attacker')).toEqual({ running: 1, waiting: 5 });
    expect(queue.load('viewer')).toEqual({ running: 1, waiting: 2 });
    // Each statement ends in the order they start; the queue decides that order.
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      const key = started[i]!;
      const n = started.slice(0, i).filter((k) => k === key).length;
      gates.get(`${key}${n}`)!.open();
    }
    expect(await Promise.all([...heavy, ...other])).toHaveLength(8);
    expect(started).toEqual(['attacker', 'viewer', 'attacker', 'viewer', 'attacker', 'attacker', 'attacker', 'attacker']);
    stop();
  });

  it('runs as many statements at once as it has slots, and passes each freed slot in turn', async () => {
    const queue = new FairQueue(2);
    const started: string[] = [];
    queue.onStart((key) => started.push(key));
    const g = gate();
    const runs = [...['a', 'a', 'a', 'a'], ...['b', 'b'], 'c'].map((key) => queue.run(key, () => g.opened));
    expect(started).toEqual(['a', 'a']);
    expect(queue.load('a')).toEqual({ running: 2, waiting: 2 });
    g.open();
    await Promise.all(runs);
    expect(started).toEqual(['a', 'a', 'b', 'c', 'a', 'b', 'a']);
    expect(queue.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a statement that fails', async () => {
    const queue = new FairQueue(1);
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('b', async () => 'next')).toBe('next');
    expect(queue.load('b')).toEqual({ running: 0, waiting: 0 });
  });
});
