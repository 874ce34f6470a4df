import { describe, expect, it } from 'vitest';
import { KEPT_PER_PASS, keptLanes, keptTurn } from './keptTurns.ts';

/** Counts passes of the event loop while `work` runs: one tick of a setImmediate chain per pass. */
async function withPasses<T>(work: (pass: () => number) => Promise<T>): Promise<T> {
  let passes = 0;
  let running = true;
  const tick = () => {
    passes += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await work(() => passes);
  } finally {
    running = false;
  }
}

const passEnded = () => new Promise((resolve) => setImmediate(resolve));

describe('kept answers handed out per caller', () => {
  it('a few per pass of the event loop for a caller, in the order asked, and another caller is not held behind them', async () => {
    const order: string[] = [];
    const passOf = new Map<string, number>();
    await withPasses(async (pass) => {
      const heavy = Array.from({ length: 50 }, (_, i) => keptTurn('user:1').then(() => {
        order.push(`heavy${i}`);
        passOf.set(`heavy${i}`, pass());
      }));
      const other = Array.from({ length: 4 }, (_, i) => keptTurn('user:2').then(() => {
        order.push(`other${i}`);
        passOf.set(`other${i}`, pass());
      }));
      await Promise.all([...heavy, ...other]);
    });
    // The heavy caller's fifty in order, at most a few in any one pass: ten passes at least.
    const heavy = order.filter((k) => k.startsWith('heavy'));
    expect(heavy).toEqual(Array.from({ length: 50 }, (_, i) => `heavy${i}`));
    const perPass = new Map<number, number>();
    for (const k of heavy) perPass.set(passOf.get(k)!, (perPass.get(passOf.get(k)!) ?? 0) + 1);
    expect(Math.max(...perPass.values())).toBe(KEPT_PER_PASS);
    expect(perPass.size).toBe(50 / KEPT_PER_PASS);
    // The other caller's page of four comes at once, in the heavy caller's first pass, not after its fiftieth.
    for (let i = 0; i < 4; i++) expect(passOf.get(`other${i}`)).toBe(passOf.get('heavy0'));
    await passEnded();
    expect(keptLanes()).toBe(0);
  });

  it('a caller coming back in a later pass starts afresh, and its lane ends once it is done', async () => {
    await Promise.all(Array.from({ length: KEPT_PER_PASS }, () => keptTurn('user:3')));
    await passEnded();
    let second = false;
    const next = keptTurn('user:3').then(() => (second = true));
    // Handed out at once (a microtask), not a pass later.
    await Promise.resolve();
    expect(second).toBe(true);
    await next;
    await passEnded();
    expect(keptLanes()).toBe(0);
  });
});
