import { describe, expect, it } from 'vitest';
import { EngineQueue } from './engineQueue.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('engine turns taken in turn across callers', () => {
  it("gives a second caller the turn after one of the first caller's, not after all of them", async () => {
    const queue = new EngineQueue(1, 2);
    const turns: string[] = [];
    queue.onTurn((key, size) => turns.push(`${key}${size}`));
    const held = await queue.acquire('x');
    // Asked in one tick: the heavy caller's six requests, then the light caller's one.
    const heavy = Array.from({ length: 6 }, () => queue.acquire('heavy'));
    const light = queue.acquire('light');
    await tick();
    expect(queue.load('heavy')).toEqual({ running: 1, waiting: 6 });
    held();
    await tick();
    const endTurn = async (requests: Array<Promise<() => void>>) => {
      (await Promise.all(requests)).forEach((release) => release());
      await tick();
    };
    await endTurn(heavy.slice(0, 2));
    expect(turns).toEqual(['x1', 'heavy2', 'light1']);
    expect(queue.load('heavy').waiting).toBe(4);
    await endTurn([light]);
    await endTurn(heavy.slice(2, 4));
    await endTurn(heavy.slice(4));
    expect(turns).toEqual(['x1', 'heavy2', 'light1', 'heavy2', 'heavy2']);
    expect(queue.load('heavy')).toEqual({ running: 0, waiting: 0 });
  });

  it("charges a caller its turn's requests: after a heavy turn of 4, a light caller asking one at a time gets four turns", async () => {
    const queue = new EngineQueue(1, 4);
    const turns: string[] = [];
    queue.onTurn((key, size) => turns.push(`${key}${size}`));
    const held = await queue.acquire('x');
    const heavy = Array.from({ length: 8 }, () => queue.acquire('heavy'));
    await tick();
    held();
    await tick();
    const light = async () => {
      const release = queue.acquire('light');
      await tick();
      return release;
    };
    // The light caller asks while the heavy turn runs, and again each time its last is answered.
    let next = light();
    (await Promise.all(heavy.slice(0, 4))).forEach((release) => release());
    for (let i = 0; i < 4; i++) {
      const release = await (await next);
      next = light();
      release();
      await tick();
    }
    expect(turns).toEqual(['x1', 'heavy4', 'light1', 'light1', 'light1', 'light1', 'heavy4']);
    (await Promise.all(heavy.slice(4))).forEach((release) => release());
    (await (await next))();
  });

  it('frees the slot only when every request of the turn has ended, once each', async () => {
    const queue = new EngineQueue(1, 20);
    const [a, b] = await Promise.all([queue.acquire('a'), queue.acquire('a')]);
    let next = false;
    const c = queue.acquire('c').then((release) => ((next = true), release));
    a!();
    a!();
    await tick();
    expect(next).toBe(false);
    b!();
    (await c)();
    expect(next).toBe(true);
    expect(queue.load('c')).toEqual({ running: 0, waiting: 0 });
  });

  it('runs as many turns at once as it has slots', async () => {
    const queue = new EngineQueue(2, 1);
    const turns: string[] = [];
    queue.onTurn((key) => turns.push(key));
    const all = ['a', 'a', 'a', 'b'].map((key) => queue.acquire(key));
    await tick();
    expect(turns).toEqual(['a', 'b']);
    expect(queue.load('a')).toEqual({ running: 2, waiting: 2 });
    (await all[0]!)();
    (await all[3]!)();
    await tick();
    expect(turns).toEqual(['a', 'b', 'a', 'a']);
    (await all[1]!)();
    (await all[2]!)();
  });

  it('shortens turns while another caller uses the engine, and gives a caller alone its whole batch', async () => {
    let now = 0;
    const queue = new EngineQueue(1, 4, 2, 1000, () => now);
    const sizes: string[] = [];
    queue.onTurn((key, size) => sizes.push(`${key}${size}`));
    const run = async (key: string, n: number) => {
      const all = Array.from({ length: n }, () => queue.acquire(key));
      for (let done = 0; done < n; ) {
        await tick();
        const granted = sizes.length;
        const turn = all.slice(done, done + Number(sizes[granted - 1]!.slice(key.length)));
        done += turn.length;
        (await Promise.all(turn)).forEach((release) => release());
      }
    };
    await run('a', 4);
    await run('b', 4);
    now = 5000;
    await run('b', 4);
    expect(sizes).toEqual(['a4', 'b2', 'b2', 'b4']);
  });

  it('rests a caller after its turn while the engine is shared, for `rest` times the turn, and not when alone', async () => {
    let now = 0;
    const queue = new EngineQueue(1, 4, 4, 1000, () => now, 2);
    const turns: string[] = [];
    queue.onTurn((key) => turns.push(`${key}@${now}`));
    const turn = async (key: string, ms: number) => {
      const release = await queue.acquire(key);
      now += ms;
      release();
    };
    await turn('a', 10);
    await turn('a', 10);
    // a alone: no rest. Then b, and a again: a's turn ended while b had had one within the second.
    await turn('b', 10);
    await turn('a', 10);
    const a = turn('a', 10);
    await tick();
    expect(turns).toEqual(['a@0', 'a@10', 'b@20', 'a@30']);
    // It waits twice its 10 ms turn after it ended (at 40), until 60.
    now = 59;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(turns).toHaveLength(4);
    now = 60;
    await a;
    expect(turns).toEqual(['a@0', 'a@10', 'b@20', 'a@30', 'a@60']);
  });

  it("gives background work the engine only while no person's call waits, a slice at a time", async () => {
    const queue = new EngineQueue(1, 20, 5, 1000, () => 0, 0, { backgroundBatch: 1, backgroundMaxWaitMs: 1000 });
    const turns: string[] = [];
    queue.onTurn((key, size, background) => turns.push(`${background ? 'bg:' : ''}${key}${size}`));
    // A person was about (a turn within the second): the export's six chunk requests, asked together, go a slice at a time.
    (await queue.acquire('bob'))();
    const slices = Array.from({ length: 6 }, () => queue.acquire('export', true));
    await tick();
    expect(turns).toEqual(['bob1', 'bg:export1']);
    expect(queue.waitingBackground()).toBe(5);
    // A person asks while the first slice runs: theirs is the next turn, with its whole batch.
    const person = Array.from({ length: 3 }, () => queue.acquire('alice'));
    await tick();
    (await slices[0]!)();
    (await Promise.all(person)).forEach((release) => release());
    await tick();
    expect(turns).toEqual(['bob1', 'bg:export1', 'alice3', 'bg:export1']);
    for (const slice of slices.slice(1)) {
      (await slice)();
      await tick();
    }
    expect(turns.filter((t) => t === 'bg:export1')).toHaveLength(6);
    expect(queue.waitingBackground()).toBe(0);
    expect(queue.load('alice')).toEqual({ running: 0, waiting: 0 });
  });

  it('does not count background work as another caller: a person keeps its whole batch and takes no rest', async () => {
    let now = 0;
    const queue = new EngineQueue(1, 4, 2, 1000, () => now, 2, { backgroundMaxWaitMs: 1000 });
    const turns: string[] = [];
    queue.onTurn((key, size, background) => turns.push(`${background ? 'bg:' : ''}${key}${size}@${now}`));
    const slice = queue.acquire('export', true);
    (await slice)();
    now = 10;
    const person = Array.from({ length: 4 }, () => queue.acquire('alice'));
    const more = queue.acquire('export', true);
    (await Promise.all(person)).forEach((release) => release());
    now = 20;
    const again = queue.acquire('alice');
    (await again)();
    (await more)();
    expect(turns).toEqual(['bg:export1@0', 'alice4@10', 'alice1@20', 'bg:export1@20']);
  });

  it('gives a background request that waited its bound one slice before the next person, so an export still moves', async () => {
    let now = 0;
    const queue = new EngineQueue(1, 1, 1, 1000, () => now, 0, { backgroundMaxWaitMs: 1000 });
    const turns: string[] = [];
    queue.onTurn((key, _size, background) => turns.push(`${background ? 'bg:' : ''}${key}`));
    let release = await queue.acquire('alice');
    const slice = queue.acquire('export', true);
    // People keep the engine busy: each turn ends with another person's request waiting.
    let next: Promise<() => void> = Promise.resolve(release);
    for (const [i, at] of [100, 600, 1100].entries()) {
      next = queue.acquire(i % 2 ? 'alice' : 'bob');
      await tick();
      now = at;
      release();
      if (at < 1100) release = await next;
    }
    // At 1100 the export had waited 1,100 ms: its slice goes before the waiting person's turn.
    (await slice)();
    (await next)();
    expect(turns).toEqual(['alice', 'bob', 'alice', 'bg:export', 'bob']);
  });

  it("holds background work back while a person's request is under way outside a turn (its lookups), and lets it go when answered", async () => {
    const queue = new EngineQueue(1, 20, 5, 1000, () => 0, 0, { backgroundMaxWaitMs: 1000 });
    const turns: string[] = [];
    queue.onTurn((key, _size, background) => turns.push(`${background ? 'bg:' : ''}${key}`));
    const answered = queue.asking();
    const slice = queue.acquire('export', true);
    await tick();
    expect(turns).toEqual([]);
    (await queue.acquire('alice'))();
    await tick();
    expect(turns).toEqual(['alice']);
    answered();
    answered();
    (await slice)();
    expect(turns).toEqual(['alice', 'bg:export']);
  });

  it('gives background work whole batches while people are away, and slices of one while they are about', async () => {
    let now = 0;
    const queue = new EngineQueue(1, 4, 2, 1000, () => now, 0, { backgroundBatch: 1 });
    const sizes: string[] = [];
    queue.onTurn((key, size, background) => sizes.push(`${background ? 'bg:' : ''}${key}${size}`));
    const round = async (n: number) => {
      await Promise.all(Array.from({ length: n }, async () => (await queue.acquire('alerts', true))()));
    };
    await round(4);
    (await queue.acquire('alice'))();
    now = 500;
    await round(2);
    now = 2000;
    await round(4);
    expect(sizes).toEqual(['bg:alerts4', 'alice1', 'bg:alerts1', 'bg:alerts1', 'bg:alerts4']);
  });
});
