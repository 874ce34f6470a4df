import { describe, expect, it } from 'vitest';
import { migrationBanner } from './migrationBanner.ts';

describe('migrationBanner', () => {
  it.each([
    ['loading', '2026-06-30', true, '2026-06-01', 'hidden', null, null],
    ['no deadline', null, false, '2026-06-01', 'hidden', null, null],
    ['malformed deadline', '30/06/2026', false, '2026-06-01', 'hidden', null, null],
    ['far ahead', '2026-06-30', false, '2026-06-01', 'normal', '01.07.2026', 29],
    ['eight days left', '2026-06-30', false, '2026-06-22', 'normal', '01.07.2026', 8],
    ['seven days left', '2026-06-30', false, '2026-06-23', 'warning', '01.07.2026', 7],
    ['deadline day', '2026-06-30', false, '2026-06-30', 'warning', '01.07.2026', 0],
    ['day after the deadline', '2026-06-30', false, '2026-07-01', 'afterDeadline', '01.07.2026', -1],
    ['long after', '2026-06-30', false, '2026-09-01', 'afterDeadline', '01.07.2026', -63],
    ['deadline on New Year’s Eve', '2026-12-31', false, '2026-12-01', 'normal', '01.01.2027', 30],
    ['deadline on 28 Feb of a leap year', '2028-02-28', false, '2028-02-27', 'warning', '29.02.2028', 1],
    ['warning across a DST weekend', '2026-03-30', false, '2026-03-28', 'warning', '31.03.2026', 2],
  ] as const)('%s', (_label, deadline, loading, today, state, displayDate, daysLeft) => {
    expect(migrationBanner({ deadline, loading, today })).toEqual({ state, displayDate, daysLeft });
  });
});
