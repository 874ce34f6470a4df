import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectEvent } from './eventFilter.ts';
import { context, initial } from './filterFixtures.test-support.ts';
import { readFilterParams, writeFilterParams } from './filterUrl.ts';
import { unusedLinkFilters } from './linkFilterNotice.ts';
import { applyCustomRanges } from './timespanRules.ts';
import { selectZone } from './zoneFilter.ts';

const ctx = context();
const unused = (query: string) => {
  const params = new URLSearchParams(query);
  return unusedLinkFilters(params, readFilterParams(params, ctx));
};

describe('what a link asked for that the page cannot show', () => {
  it('names a period before the data, reversed or malformed, and an unknown preset', () => {
    expect(unused('from=2015-01-01&to=2015-01-07')).toEqual(['period']);
    expect(unused('from=2026-03-09&to=2026-03-08')).toEqual(['period']);
    expect(unused('from=2026-03-01&to=2026-03-05&from=2026-03-04&to=2026-03-06')).toEqual(['period']);
    expect(unused('from=2026-03-01')).toEqual(['period']);
    expect(unused('timespan=yesteryear')).toEqual(['period']);
  });
  it('names a zone, tag or event of no such site', () => {
    expect(unused('zone=99')).toEqual(['zone']);
    expect(unused('zone=2x')).toEqual(['zone']);
    expect(unused('tag=999')).toEqual(['filters']);
    expect(unused('event=404&zone=5')).toEqual(['zone', 'filters']);
  });
  it('says nothing of a link the page shows as asked, aliases and ignored-by-design parameters included', () => {
    expect(unused('from=2026-03-01&to=2026-03-05&zone=2')).toEqual([]);
    expect(unused('timespan=lastWeek')).toEqual([]);
    expect(unused('timespan=yesteryear&from=2026-03-01&to=2026-03-05')).toEqual([]);
    expect(unused('gender=FEMALE&hours=night')).toEqual([]);
  });
  it('says nothing of any link the page itself wrote', () => {
    const date = fc.integer({ min: 0, max: 290 }).map((n) => new Date(Date.UTC(2025, 5, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.array(fc.tuple(date, date), { maxLength: 3 }), fc.constantFrom(1, 2, 3, 4), fc.subarray([7, 9]), (ranges, zone, events) => {
        let s = applyCustomRanges(initial(), ranges.map(([a, b]) => ({ dateBegin: a < b ? a : b, dateEnd: a < b ? b : a })), ctx);
        s = selectZone(s, zone, ctx);
        for (const e of events) s = selectEvent(s, e, ctx);
        expect(unused(writeFilterParams(s).toString())).toEqual([]);
      }),
    );
  });
});
