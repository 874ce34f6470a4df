import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnownTimeZone } from '../time/isKnownTimeZone.ts';
import { type ScheduleRule, nextOccurrence, planTick, previousOccurrence, scheduleRuleProblem } from './scheduleRule.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const daily = (...times: string[]): ScheduleRule => ({ kind: 'weekly', weekdays: EVERY_DAY, times });
const every = (minutes: number): ScheduleRule => ({ kind: 'interval', minutes });
const weekly = (weekdays: number[], ...times: string[]): ScheduleRule => ({ kind: 'weekly', weekdays, times });

describe('nextOccurrence', () => {
  it.each([
    // Lyon's 08:00 report on the days around the spring-forward (2026-03-29, 02:00 CET -> 03:00 CEST).
    ['08:00 Paris, Friday -> Saturday (CET)', daily('08:00'), 'Europe/Paris', '2026-03-27T07:00:00Z', '2026-03-28T07:00:00Z'],
    ['08:00 Paris, Saturday -> DST Sunday (CEST)', daily('08:00'), 'Europe/Paris', '2026-03-28T07:00:00Z', '2026-03-29T06:00:00Z'],
    ['08:00 Paris, DST Sunday -> Monday', daily('08:00'), 'Europe/Paris', '2026-03-29T06:00:00Z', '2026-03-30T06:00:00Z'],
    // ... and the fall-back (2026-10-25, 03:00 CEST -> 02:00 CET).
    ['08:00 Paris, Saturday (CEST) -> Sunday (CET)', daily('08:00'), 'Europe/Paris', '2026-10-24T06:00:00Z', '2026-10-25T07:00:00Z'],
    ['08:00 Paris, a second before it', daily('08:00'), 'Europe/Paris', '2026-10-25T06:59:59Z', '2026-10-25T07:00:00Z'],
    ['02:30 Paris skipped by the spring-forward runs when clocks jump', daily('02:30'), 'Europe/Paris', '2026-03-28T12:00:00Z', '2026-03-29T01:00:00Z'],
    ['02:30 Paris repeated by the fall-back runs the first time', daily('02:30'), 'Europe/Paris', '2026-10-24T12:00:00Z', '2026-10-25T00:30:00Z'],
    ['... and not the second time', daily('02:30'), 'Europe/Paris', '2026-10-25T00:30:00Z', '2026-10-26T01:30:00Z'],
    ['two times a day', daily('08:00', '18:30'), 'Europe/Paris', '2026-06-01T06:00:00Z', '2026-06-01T16:30:00Z'],
    ['Mondays only', weekly([1], '08:00'), 'Europe/Paris', '2026-03-23T07:00:00Z', '2026-03-30T06:00:00Z'],
    ['Sunday only, from a Monday', weekly([7], '23:59'), 'UTC', '2026-06-01T00:00:00Z', '2026-06-07T23:59:00Z'],
    ['half-hour zone (India, +05:30)', daily('08:00'), 'Asia/Kolkata', '2026-01-01T00:00:00Z', '2026-01-01T02:30:00Z'],
    ['Newfoundland (-02:30 in summer)', daily('08:00'), 'America/St_Johns', '2026-07-01T00:00:00Z', '2026-07-01T10:30:00Z'],
    ['every minute, mid-minute', every(1), 'UTC', '2026-01-01T12:00:30Z', '2026-01-01T12:01:00Z'],
    ['every minute, on the minute', every(1), 'UTC', '2026-01-01T12:01:00Z', '2026-01-01T12:02:00Z'],
    ['hourly on India’s clock', every(60), 'Asia/Kolkata', '2026-01-01T00:00:00Z', '2026-01-01T00:30:00Z'],
    ['every 15 minutes into the repeated hour', every(15), 'Europe/Paris', '2026-10-25T00:50:00Z', '2026-10-25T01:00:00Z'],
    ['hourly across the spring-forward', every(60), 'Europe/Paris', '2026-03-29T00:30:00Z', '2026-03-29T01:00:00Z'],
    ['every 2 hours on the clock: 02:00 does not exist', every(120), 'Europe/Paris', '2026-03-28T23:00:00Z', '2026-03-29T02:00:00Z'],
    // Lord Howe turns its clocks back by 30 minutes (2026-04-05 02:00 +11:00 -> 01:30 +10:30).
    ['hourly across a 30-minute fall-back', every(60), 'Australia/Lord_Howe', '2026-04-04T14:30:00Z', '2026-04-04T15:30:00Z'],
    ['daily at midnight', every(1440), 'Europe/Paris', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z'],
  ])('%s', (_name, rule, tz, after, expected) => {
    expect(iso(nextOccurrence(rule, tz, at(after)))).toBe(expected);
  });
});

describe('previousOccurrence', () => {
  it.each([
    ['an occurrence is its own previous', daily('08:00'), 'Europe/Paris', '2026-03-29T06:00:00Z', '2026-03-29T06:00:00Z'],
    ['just before the DST Sunday 08:00', daily('08:00'), 'Europe/Paris', '2026-03-29T05:59:59Z', '2026-03-28T07:00:00Z'],
    ['weekly, a week back', weekly([1], '08:00'), 'Europe/Paris', '2026-03-29T12:00:00Z', '2026-03-23T07:00:00Z'],
    ['every 5 minutes', every(5), 'UTC', '2026-01-01T12:04:59Z', '2026-01-01T12:00:00Z'],
    ['hourly in India', every(60), 'Asia/Kolkata', '2026-01-01T01:29:00Z', '2026-01-01T00:30:00Z'],
    ['every 2 hours, back over the spring-forward', every(120), 'Europe/Paris', '2026-03-29T01:59:00Z', '2026-03-28T23:00:00Z'],
    ['hourly, back over a 30-minute fall-back (01:30 on the new clock is not on the hour)', every(60), 'Australia/Lord_Howe', '2026-04-04T15:29:00Z', '2026-04-04T14:00:00Z'],
  ])('%s', (_name, rule, tz, atOrBefore, expected) => {
    expect(iso(previousOccurrence(rule, tz, at(atOrBefore)))).toBe(expected);
  });
});

describe('planTick', () => {
  const paris = 'Europe/Paris';
  it('runs nothing before the next occurrence', () => {
    expect(planTick(daily('08:00'), paris, { nextAt: at('2026-03-29T06:00:00Z'), now: at('2026-03-29T05:59:59Z'), catchUp: 'last' })).toEqual({
      due: [],
      nextAt: at('2026-03-29T06:00:00Z'),
    });
  });

  it('runs an occurrence at its very instant, and moves to the next day', () => {
    expect(planTick(daily('08:00'), paris, { nextAt: at('2026-03-29T06:00:00Z'), now: at('2026-03-29T06:00:00Z'), catchUp: 'last' })).toEqual({
      due: [at('2026-03-29T06:00:00Z')],
      nextAt: at('2026-03-30T06:00:00Z'),
    });
  });

  it('after two hours down, a minute check runs once for the latest minute', () => {
    const plan = planTick(every(1), 'UTC', { nextAt: at('2026-01-01T10:00:00Z'), now: at('2026-01-01T12:00:30Z'), catchUp: 'last' });
    expect(plan.due.map(iso)).toEqual(['2026-01-01T12:00:00Z']);
    expect(iso(plan.nextAt)).toBe('2026-01-01T12:01:00Z');
  });

  it('with catch-up "all", each missed report runs once, oldest first, across the DST change', () => {
    const plan = planTick(daily('08:00'), paris, { nextAt: at('2026-03-27T07:00:00Z'), now: at('2026-03-29T09:00:00Z'), catchUp: 'all' });
    expect(plan.due.map(iso)).toEqual(['2026-03-27T07:00:00Z', '2026-03-28T07:00:00Z', '2026-03-29T06:00:00Z']);
    expect(iso(plan.nextAt)).toBe('2026-03-30T06:00:00Z');
  });

  it('hands over at most `limit` occurrences; the rest come on the next tick', () => {
    const first = planTick(daily('08:00'), paris, { nextAt: at('2026-03-27T07:00:00Z'), now: at('2026-03-29T09:00:00Z'), catchUp: 'all', limit: 2 });
    expect(first.due.map(iso)).toEqual(['2026-03-27T07:00:00Z', '2026-03-28T07:00:00Z']);
    const second = planTick(daily('08:00'), paris, { nextAt: first.nextAt, now: at('2026-03-29T09:00:00Z'), catchUp: 'all', limit: 2 });
    expect(second.due.map(iso)).toEqual(['2026-03-29T06:00:00Z']);
  });
});

describe('scheduleRuleProblem', () => {
  it.each([
    [daily('08:00'), null],
    [every(15), null],
    [every(7), 'minutes'],
    [every(0), 'minutes'],
    [every(2880), 'minutes'],
    [{ kind: 'weekly', weekdays: [], times: ['08:00'] }, 'weekdays'],
    [{ kind: 'weekly', weekdays: [0], times: ['08:00'] }, 'weekdays'],
    [{ kind: 'weekly', weekdays: [1], times: ['8:00'] }, 'times'],
    [{ kind: 'weekly', weekdays: [1], times: ['24:00'] }, 'times'],
  ] as Array<[ScheduleRule, string | null]>)('%j -> %s', (rule, problem) => {
    expect(scheduleRuleProblem(rule)).toBe(problem);
  });

  it('knows real time zones only', () => {
    expect(isKnownTimeZone('Europe/Paris')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('occurrences hold for every instant', () => {
  const zones = ['Europe/Paris', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns', 'America/Santiago', 'UTC'];
  const rules = fc.oneof(
    fc.constantFrom(1, 5, 15, 30, 60, 120, 180, 1440).map((minutes): ScheduleRule => ({ kind: 'interval', minutes })),
    fc
      .record({
        weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        times: fc.uniqueArray(
          fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
          { minLength: 1, maxLength: 3 },
        ),
      })
      .map((r): ScheduleRule => ({ kind: 'weekly', ...r })),
  );
  const instants = fc.integer({ min: at('2025-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z') });

  it('the next occurrence is later, an occurrence, and none lies between', () => {
    fc.assert(
      fc.property(rules, fc.constantFrom(...zones), instants, (rule, tz, t) => {
        const next = nextOccurrence(rule, tz, t);
        expect(next).toBeGreaterThan(t);
        expect(previousOccurrence(rule, tz, next)).toBe(next);
        expect(previousOccurrence(rule, tz, next - 1)).toBeLessThanOrEqual(t);
      }),
      { numRuns: 300 },
    );
  });
});
