import { describe, expect, it } from 'vitest';
import { context, initial } from './filterFixtures.test-support.ts';
import { deselectEvent, eventRange, searchEvents, selectEvent } from './eventFilter.ts';
import { applyCustomRanges, choosePreset } from './timespanRules.ts';

const ctx = context();

describe('event filter', () => {
  it('adds the ranges of selected events to the timespan', () => {
    let s = selectEvent(initial(), 7, ctx);
    s = selectEvent(s, 9, ctx);
    expect(s.eventIds).toEqual([7, 9]);
    expect(s.timespans).toEqual([
      { label: 'today', dateBegin: '2026-03-18', dateEnd: '2026-03-18' },
      { label: 'event', dateBegin: '2026-03-02', dateEnd: '2026-03-04', eventId: 7 },
      { label: 'event', dateBegin: '2026-03-10', dateEnd: '2026-03-18', eventId: 9 },
    ]);
    expect(selectEvent(s, 7, ctx)).toBe(s);
  });
  it('clamps events to the selectable dates and refuses future or unknown ones', () => {
    expect(eventRange(ctx.events[1]!, ctx)).toEqual({ dateBegin: '2025-11-28', dateEnd: '2025-11-28' });
    expect(eventRange({ id: 1, name: 'x', dateBegin: '2025-01-01', dateEnd: '2025-07-01' }, ctx)).toEqual({ dateBegin: '2025-06-01', dateEnd: '2025-07-01' });
    expect(eventRange(ctx.events[3]!, ctx)).toBeNull();
    const s = initial();
    expect(selectEvent(s, 10, ctx)).toBe(s);
    expect(selectEvent(s, 404, ctx)).toBe(s);
  });
  it('drops the events no longer in the timespan when it changes', () => {
    let s = selectEvent(selectEvent(initial(), 7, ctx), 9, ctx);
    s = choosePreset(s, 'last7Days', ctx);
    expect(s.eventIds).toEqual([9]);
    expect(s.timespans).toEqual([{ label: 'last7Days', dateBegin: '2026-03-12', dateEnd: '2026-03-18' }]);
    s = applyCustomRanges(s, [{ dateBegin: '2026-01-01', dateEnd: '2026-01-31' }], ctx);
    expect(s.eventIds).toEqual([]);
  });
  it('deselecting an event removes its range, and the default comes back if nothing is left', () => {
    let s = selectEvent(initial(), 7, ctx);
    s = deselectEvent(s, 7, ctx);
    expect(s.eventIds).toEqual([]);
    expect(s.timespans.map((c) => c.label)).toEqual(['today']);
  });
  it('searches ignoring case and accents; no match gives an empty list', () => {
    expect(searchEvents(ctx.events, 'ete').map((e) => e.id)).toEqual([7]);
    expect(searchEvents(ctx.events, 'FRIDAY').map((e) => e.id)).toEqual([8]);
    expect(searchEvents(ctx.events, '').length).toBe(4);
    expect(searchEvents(ctx.events, 'zzz')).toEqual([]);
  });
});
