import { describe, expect, it } from 'vitest';
import { keptLanes, keptTurn } from './keptTurns.ts';

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

describe('kept answers handed out per caller', () => {
  it('one per pass of the event loop for a caller, in the order asked, and another caller is not held behind them', async () => {
    const order: string[] = [];
    const passOf = new Map<string, number>();
    await withPasses(async (pass) => {
      const heavy = Array.from({ length: 50 }, (_, i) => keptTurn('user:1').then(() => {
        order.push(`heavy${i}`);
        passOf.set(`heavy${i}`, pass());
      }));
      const other = keptTurn('user:2').then(() => {
        order.push('other');
        passOf.set('other', pass());
      });
      await Promise.all([...heavy, other]);
    });
    // The heavy caller's fifty in order, each in a pass of its own.
    const heavy = order.filter((k) => k !== 'other');
    expect(heavy).toEqual(Array.from({ length: 50 }, (_, i) => `heavy${i}`));
    for (let i = 1; i < 50; i++) expect(passOf.get(`heavy${i}`)!).toBeGreaterThan(passOf.get(`heavy${i - 1}`)!);
    // The other caller's one answer comes with the heavy caller's first, not after its fiftieth.
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
    expect(keptLanes()).toBe(0);
  });

  it('a caller alone waits one pass per answer, then its lane is gone', async () => {
    await keptTurn('user:3');
    await Promise.all([keptTurn('user:3'), keptTurn('user:3')]);
    expect(keptLanes()).toBe(0);
  });
});
