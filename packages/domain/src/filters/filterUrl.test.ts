import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectCategoryTag } from './categoryFilter.ts';
import { selectEvent } from './eventFilter.ts';
import { context, initial } from './filterFixtures.test-support.ts';
import { canApplyFilters, filtersEqual } from './filterEquality.ts';
import { readFilterParams, writeFilterParams } from './filterUrl.ts';
import { applyCustomRanges, choosePreset } from './timespanRules.ts';
import { selectZone } from './zoneFilter.ts';

const ctx = context();
const read = (query: string) => readFilterParams(new URLSearchParams(query), ctx);

describe('filters in the URL', () => {
  it('opens exactly the filters of a shared link', () => {
    let s = applyCustomRanges(initial(), [{ dateBegin: '2026-03-01', dateEnd: '2026-03-03' }, { dateBegin: '2026-03-10', dateEnd: '2026-03-12' }], ctx);
    s = { ...selectZone(s, 2, ctx), hours: 'afternoon', day: { operator: 'IS_NOT', days: [6, 7] }, gender: 'FEMALE', engagement: 'NOT_ENGAGED' };
    s = selectEvent(selectCategoryTag(s, 20, 22, ctx), 7, ctx);
    const query = writeFilterParams(s, new URLSearchParams('tab=2')).toString();
    expect(query).toBe('tab=2&from=2026-03-01&to=2026-03-03&from=2026-03-10&to=2026-03-12&hours=afternoon&dayOp=IS_NOT&day=6&day=7&zone=2&gender=FEMALE&engagement=NOT_ENGAGED&tag=22&event=7');
    expect(filtersEqual(read(query), s)).toBe(true);
  });
  it('writes a preset by name and reads it on the reader’s today', () => {
    const s = choosePreset(initial(), 'lastMonth', ctx);
    expect(writeFilterParams(s).toString()).toBe('timespan=lastMonth&zone=1');
    expect(readFilterParams(new URLSearchParams('timespan=lastWeek'), context({ today: '2026-04-01' })).timespans).toEqual([
      { label: 'last7Days', dateBegin: '2026-03-26', dateEnd: '2026-04-01' },
    ]);
  });
  it('ignores malformed dates and non-digit or unknown ids, opening the default view', () => {
    const s = read('from=2026-3-01&to=2026-03-02&from=2026-02-30&to=2026-03-01&zone=2x&zone=99&tag=abc&tag=999&event=1e3&event=404&gender=ROBOT&engagement=&hours=night&dayOp=MAYBE&day=6&timespan=yesteryear');
    expect(filtersEqual(s, initial())).toBe(true);
  });
  it('ignores ranges out of bounds, reversed or overlapping an earlier one, keeping the others', () => {
    const s = read('from=2026-03-01&to=2026-03-05&from=2026-03-04&to=2026-03-06&from=2026-03-09&to=2026-03-08&from=2015-01-01&to=2015-01-02&from=2026-03-10&to=2026-03-10&from=2026-03-12');
    expect(s.timespans.map((c) => [c.dateBegin, c.dateEnd])).toEqual([['2026-03-01', '2026-03-05'], ['2026-03-10', '2026-03-10']]);
  });
  it('ignores a disabled zone, and a zone without sensor on an atmosphere page', () => {
    expect(read('zone=5').zoneId).toBe(1);
    expect(readFilterParams(new URLSearchParams('zone=4'), context({ pageKind: 'atmosphere' })).zoneId).toBe(2);
  });
  it('round-trips any state the rules can build', () => {
    const date = fc.integer({ min: 0, max: 290 }).map((n) => new Date(Date.UTC(2025, 5, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(date, date), { maxLength: 3 }),
        fc.constantFrom(1, 2, 3, 4),
        fc.constantFrom('ALL', 'MALE', 'FEMALE') as fc.Arbitrary<'ALL' | 'MALE' | 'FEMALE'>,
        fc.subarray([7, 9]),
        (ranges, zone, gender, events) => {
          let s = applyCustomRanges(initial(), ranges.map(([a, b]) => ({ dateBegin: a < b ? a : b, dateEnd: a < b ? b : a })), ctx);
          s = { ...selectZone(s, zone, ctx), gender };
          for (const e of events) s = selectEvent(s, e, ctx);
          expect(filtersEqual(read(writeFilterParams(s).toString()), s)).toBe(true);
        },
      ),
    );
  });
});

describe('apply is disabled when nothing changed', () => {
  it('compares selections, not their order', () => {
    const a = { ...initial(), day: { operator: 'IS' as const, days: [6, 7] } };
    const b = { ...initial(), day: { operator: 'IS' as const, days: [7, 6] } };
    expect(canApplyFilters(b, a)).toBe(false);
    expect(canApplyFilters({ ...b, day: { operator: 'IS_NOT', days: [6, 7] } }, a)).toBe(true);
    expect(canApplyFilters(choosePreset(a, 'yesterday', ctx), a)).toBe(true);
    expect(canApplyFilters(choosePreset(a, 'today', ctx), a)).toBe(false);
  });
});
