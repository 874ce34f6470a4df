import { describe, expect, it } from 'vitest';
import { wallClock, wallClocks } from './reportWorkbook.ts';

describe('wallClocks', () => {
  it.each([
    ['Europe/Paris', '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z'],
    ['Europe/Paris', '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z'],
    ['America/St_Johns', '2026-03-07T00:00:00Z', '2026-03-09T12:00:00Z'],
    ['Asia/Kolkata', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T00:00:00Z', '2026-04-06T00:00:00Z'],
  ])('gives the wall clock of every minute in %s from %s (a change of clocks included)', (tz, from, to) => {
    const clock = wallClocks(tz);
    for (let t = Date.parse(from); t < Date.parse(to); t += 60_000) expect(clock(t).getTime()).toBe(wallClock(t, tz).getTime());
  });
});
