import { describe, expect, it } from 'vitest';
import { migrationNoticeBlocks } from './migrationNotice.ts';

describe('migrationNoticeBlocks', () => {
  const at = (deadline: string | null, today: string, hasSessionToken: boolean, loading = false) =>
    migrationNoticeBlocks({ deadline, today, hasSessionToken, loading });

  it.each([
    ['the day after the deadline, without a session token', '2026-03-31', '2026-04-01', false, true],
    ['on the deadline itself (still usable that day)', '2026-03-31', '2026-03-31', false, false],
    ['before the deadline', '2026-03-31', '2026-03-20', false, false],
    ['after the deadline, signed in with a session', '2026-03-31', '2026-05-01', true, false],
    ['without a deadline', null, '2026-05-01', false, false],
    ['with a deadline that is not a date', '2026-02-30', '2026-05-01', false, false],
  ])('%s', (_case, deadline, today, hasSession, blocks) => {
    expect(at(deadline, today, hasSession)).toBe(blocks);
  });

  it('never blocks while the deadline is loading', () => {
    expect(at('2026-03-31', '2026-04-01', false, true)).toBe(false);
  });
});
