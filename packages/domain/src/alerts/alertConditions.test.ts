import { describe, expect, it } from 'vitest';
import { ALERT_CONDITION_TYPES, conditionInputMetrics, conditionNeedsFloorArea, conditionReading, hasFloorArea, mayHoldBetween, padStatus, scheduleActive, thresholdHolds } from './alertConditions.ts';
import { type AlertConditionDraft, alertDraftProblem, alertDraftProblems, requiredConditionFields } from './alertDraft.ts';

describe('thresholdHolds', () => {
  it.each([
    ['above value', 'above', { value: 1000 }, 1001, true],
    ['at value is not above', 'above', { value: 1000 }, 1000, false],
    ['below value', 'below', { value: 3 }, 2, true],
    ['inside [min, max]', 'above', { min: 18, max: 24 }, 20, false],
    ['under min', 'above', { min: 18, max: 24 }, 17.5, true],
    ['over max only', 'above', { max: 24 }, 25, true],
    ['no value measured', 'above', { value: 1 }, null, false],
    ['no threshold', 'above', {}, 5, false],
  ] as const)('%s', (_n, compare, c, measured, expected) => {
    expect(thresholdHolds({ compare }, c, measured)).toBe(expected);
  });
});

describe('mayHoldBetween', () => {
  it.each([
    ['above', { value: 10 }, 0, 7, false],
    ['above', { value: 10 }, 0, 11, true],
    ['below', { value: 10 }, 12, 20, false],
    ['below', { value: 10 }, 0, 20, true],
    ['above', { min: 2, max: 10 }, 3, 9, false],
    ['above', { min: 2, max: 10 }, 0, 9, true],
    ['above', { min: 2, max: 10 }, 3, 12, true],
    ['above', { value: 10 }, 0, null, false],
  ] as const)('%s %j between %d and %s: %s', (compare, c, low, high, expected) => {
    expect(mayHoldBetween({ compare }, c, low, high)).toBe(expected);
    // Never says no where a value between would hold.
    if (!expected && high !== null) for (let v = low; v <= high; v += 0.5) expect(thresholdHolds({ compare }, c, v)).toBe(false);
  });
});

describe('conditionReading', () => {
  it('gives every type but status and Stop&Go a metric of the catalogue and the stored metrics that wake it', () => {
    for (const type of ALERT_CONDITION_TYPES) {
      const r = conditionReading(type);
      if (type === 'status' || type === 'stopNGoLimit') expect(r).toBeNull();
      else expect(r?.metric).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(conditionInputMetrics(type).length).toBeGreaterThan(0);
    }
    expect(conditionReading('flux', 'out')?.metric).toBe('visitorsOut');
    expect(conditionReading('reverseDensity')?.compare).toBe('below');
  });
});

describe('conditionNeedsFloorArea', () => {
  it('is the two conditions whose metric divides by the floor area, and no other', () => {
    expect(ALERT_CONDITION_TYPES.filter(conditionNeedsFloorArea)).toEqual(['reverseDensity', 'density']);
  });
  it('counts a positive area only', () => {
    expect([null, undefined, 0, -5, Number.NaN, 12.5].map(hasFloorArea)).toEqual([false, false, false, false, false, true]);
  });
});

describe('padStatus', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it.each([
    ['reported 5 min ago', now - 5 * 60_000, now, 'operational'],
    ['pad silent, site reporting', now - 60 * 60_000, now - 60_000, 'padsDisconnected'],
    ['all silent', now - 60 * 60_000, now - 60 * 60_000, 'internetLost'],
    ['never reported', null, null, 'internetLost'],
  ] as const)('%s', (_n, pad, site, expected) => expect(padStatus(pad, site, now)).toBe(expected));
});

describe('scheduleActive', () => {
  const weekdays9to18 = [1, 2, 3, 4, 5].map((d) => ({ beginDay: d, beginHour: 9, beginMinute: 0, endDay: d, endHour: 18, endMinute: 0, reset: false }));
  it.each([
    ['always without windows', [], '2026-11-29T03:00:00Z', 'Europe/Paris', true],
    ['Wednesday 10:00 Paris', weekdays9to18, '2026-11-25T09:00:00Z', 'Europe/Paris', true],
    ['Wednesday 08:30 Paris (07:30Z)', weekdays9to18, '2026-11-25T07:30:00Z', 'Europe/Paris', false],
    ['Sunday', weekdays9to18, '2026-11-29T12:00:00Z', 'Europe/Paris', false],
    ['Kolkata half-hour zone 09:00 local', weekdays9to18, '2026-11-25T03:30:00Z', 'Asia/Kolkata', true],
    ['Paris summer 17:59 local', weekdays9to18, '2026-07-01T15:59:00Z', 'Europe/Paris', true],
  ] as const)('%s', (_n, windows, at, tz, expected) => expect(scheduleActive(windows, Date.parse(at), tz)).toBe(expected));
});

describe('alertDraftProblem', () => {
  const ok = { name: 'CO2 office', conditions: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [1] }], actions: [{ type: 'email', recipients: [1] }] };
  it.each([
    ['a valid alert', ok, null],
    ['an empty name', { ...ok, name: '  ' }, 'name'],
    ['two conditions', { ...ok, conditions: [ok.conditions[0]!, ok.conditions[0]!] }, 'conditions'],
    ['six notifications', { ...ok, actions: Array.from({ length: 6 }, () => ({ type: 'email' })) }, 'actions'],
    ['an unknown type', { ...ok, conditions: [{ type: 'noise', value: 1 }] }, 'condition.type'],
    ['a threshold without value', { ...ok, conditions: [{ type: 'co2', deviceAtmosphereIds: [1] }] }, 'condition.value'],
    ['min above max', { ...ok, conditions: [{ type: 'temperature', min: 25, max: 18, zoneId: 1 }] }, 'condition.max'],
    ['a status without codes', { ...ok, conditions: [{ type: 'status', padIds: [1] }] }, 'condition.padStatusCodes'],
    ['a density without zone', { ...ok, conditions: [{ type: 'density', value: 1 }] }, 'condition.zoneId'],
    ['a webhook without address', { ...ok, actions: [{ type: 'job' }] }, 'actions.0.url'],
    ['a bad contact e-mail', { ...ok, mails: ['nope'] }, 'planning.mails'],
    ['a bad contact phone', { ...ok, phones: ['12'] }, 'planning.phones'],
    ['a reminder of 0 minutes', { ...ok, reminderMinutes: 0 }, 'reminderMinutes'],
    ['a Stop&Go limit needs no threshold', { ...ok, conditions: [{ type: 'stopNGoLimit' }] }, null],
  ] as const)('%s', (_n, draft, field) => expect(alertDraftProblem(draft as never)?.field ?? null).toBe(field));
});

describe('alertDraftProblems', () => {
  const fields = (draft: Parameters<typeof alertDraftProblems>[0]) => alertDraftProblems(draft).map((p) => p.field);
  it('names every field to mend at once, in the form order: name, threshold, zone, webhook, contacts', () => {
    const draft = { name: ' ', conditions: [{ type: 'linearDensity' }], actions: [{ type: 'job' }], mails: ['not-a-mail'], phones: ['12'], reminderMinutes: 0 };
    expect(fields(draft)).toEqual(['name', 'condition.value', 'condition.zoneId', 'actions.0.url', 'planning.mails', 'planning.phones', 'reminderMinutes']);
  });
  it('starts with the one problem the server refuses with', () => {
    const drafts = [
      { name: '', conditions: [{ type: 'density' }], actions: [] },
      { name: 'Hall', conditions: [{ type: 'temperature', min: 25, max: 18 }], actions: [] },
      { name: 'Hall', conditions: [{ type: 'flux', direction: 'up' }], actions: [] },
    ];
    for (const draft of drafts) expect(alertDraftProblems(draft)[0]).toEqual(alertDraftProblem(draft));
  });
  it('is empty for an alert that can be saved', () => {
    expect(alertDraftProblems({ name: 'CO2 office', conditions: [{ type: 'co2', value: 1000, deviceAtmosphereIds: [1] }], actions: [{ type: 'email', recipients: [1] }] })).toEqual([]);
  });
});

describe('requiredConditionFields', () => {
  const base = { value: null, min: null, max: null, zoneId: null, padIds: [], deviceAtmosphereIds: [], padStatusCodes: [] };
  it.each([
    ['a zone and a threshold for a queue', { type: 'linearDensity' }, ['value', 'zoneId']],
    ['no threshold once a minimum stands for it', { type: 'linearDensity', min: 2 }, ['zoneId']],
    ['sensors for CO2 while no zone is chosen', { type: 'co2' }, ['value', 'deviceAtmosphereIds']],
    ['no sensors once a zone stands for them', { type: 'co2', zoneId: 4 }, ['value']],
    ['a zone for entries while no pad is chosen', { type: 'flux', direction: 'in' }, ['value', 'zoneId']],
    ['no zone once pads stand for it', { type: 'flux', direction: 'in', padIds: [5] }, ['value']],
    ['pads only for an intrusion, never a threshold', { type: 'intrusion' }, ['zoneId']],
    ['pads and status codes for a status', { type: 'status' }, ['padIds', 'padStatusCodes']],
    ['nothing for the Stop&Go limit', { type: 'stopNGoLimit' }, []],
  ])('%s', (_name, condition, fields) => {
    expect(requiredConditionFields({ ...base, ...condition } as AlertConditionDraft)).toEqual(fields);
  });

  it('is what the rule refuses empty: each required field left empty is a required problem', () => {
    const c = { ...base, type: 'status' } as AlertConditionDraft;
    expect(alertDraftProblems({ name: 'x', conditions: [c], actions: [] }).map((p) => p.field)).toEqual(['condition.padIds']);
    expect(alertDraftProblems({ name: 'x', conditions: [{ ...c, padIds: [1] }], actions: [] }).map((p) => p.field)).toEqual(['condition.padStatusCodes']);
  });
});
