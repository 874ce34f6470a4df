import { describe, expect, it } from 'vitest';
import { type AlertDraft, MAX_REMINDER_MINUTES, alertDraftProblems, conditionValueRange } from './alertDraft.ts';

const flux = (value: number | null, extra: Partial<AlertDraft['conditions'][number]> = {}) => ({ type: 'flux', direction: 'in', value, padIds: [1], ...extra });
const draft = (over: Partial<AlertDraft> = {}): AlertDraft => ({ name: 'Entrance', conditions: [flux(50)], actions: [{ type: 'push', recipients: [7] }], ...over });

describe('conditionValueRange', () => {
  it('bounds a threshold by what its metric can read (spec 002 metric scales)', () => {
    expect(conditionValueRange('flux', 'in')).toEqual({ min: 0, max: null });
    expect(conditionValueRange('flux', 'out')).toEqual({ min: 0, max: null });
    for (const type of ['limit', 'intrusion', 'linearDensity', 'waitingTime', 'co2', 'density', 'reverseDensity']) expect(conditionValueRange(type), type).toEqual({ min: 0, max: null });
    expect(conditionValueRange('humidity')).toEqual({ min: 0, max: 100 });
    expect(conditionValueRange('comfortScale')).toEqual({ min: 1, max: 5 });
    expect(conditionValueRange('temperature')).toEqual({ min: null, max: null });
    expect(conditionValueRange('status')).toEqual({ min: null, max: null });
  });
});

describe('alertDraftProblems: numbers out of range', () => {
  it('refuses a count threshold below 0, naming the bound, and takes 0', () => {
    expect(alertDraftProblems(draft({ conditions: [flux(-5)] }))).toEqual([{ field: 'condition.value', reason: 'belowMinimum', min: 0 }]);
    expect(alertDraftProblems(draft({ conditions: [flux(0)] }))).toEqual([]);
    expect(alertDraftProblems(draft({ conditions: [flux(null, { min: -1, max: -2 })] }))).toEqual([
      { field: 'condition.min', reason: 'belowMinimum', min: 0 },
      { field: 'condition.max', reason: 'belowMinimum', min: 0 },
    ]);
  });

  it('refuses a score or a percentage off its scale, and lets a temperature go below 0', () => {
    const comfort = { type: 'comfortScale', value: 6, zoneId: 3 };
    expect(alertDraftProblems(draft({ conditions: [comfort] }))).toEqual([{ field: 'condition.value', reason: 'outOfRange', min: 1, max: 5 }]);
    const humidity = { type: 'humidity', value: 120, deviceAtmosphereIds: [4] };
    expect(alertDraftProblems(draft({ conditions: [humidity] }))).toEqual([{ field: 'condition.value', reason: 'outOfRange', min: 0, max: 100 }]);
    expect(alertDraftProblems(draft({ conditions: [{ type: 'temperature', value: -10, deviceAtmosphereIds: [4] }] }))).toEqual([]);
  });

  it('refuses a reminder or a message cap out of range instead of changing it', () => {
    expect(alertDraftProblems(draft({ reminderMinutes: 5000 }))).toEqual([{ field: 'reminderMinutes', reason: 'outOfRange', min: 1, max: MAX_REMINDER_MINUTES }]);
    expect(alertDraftProblems(draft({ reminderMinutes: 0 }))).toEqual([{ field: 'reminderMinutes', reason: 'outOfRange', min: 1, max: MAX_REMINDER_MINUTES }]);
    expect(alertDraftProblems(draft({ conditions: [flux(5, { maxTrigger: -1 })] }))).toEqual([{ field: 'condition.maxTrigger', reason: 'outOfRange', min: 0, max: 1000 }]);
    expect(alertDraftProblems(draft({ conditions: [flux(5, { maxTrigger: 5000 })] }))).toEqual([{ field: 'condition.maxTrigger', reason: 'outOfRange', min: 0, max: 1000 }]);
  });
});

describe('alertDraftProblems: a notification that reaches nobody', () => {
  it('refuses an e-mail, an SMS or a push without recipients, each on its recipients', () => {
    const actions = [{ type: 'email', recipients: [] }, { type: 'sms' }, { type: 'push', recipients: [] }, { type: 'job', url: 'https://hooks.example/a' }];
    expect(alertDraftProblems(draft({ actions }))).toEqual([
      { field: 'actions.0.recipients', reason: 'noEmailRecipients' },
      { field: 'actions.1.recipients', reason: 'noSmsRecipients' },
      { field: 'actions.2.recipients', reason: 'noPushRecipients' },
    ]);
  });

  it('takes the contacts of the channel, or the planning’s users, in place of recipients', () => {
    expect(alertDraftProblems(draft({ actions: [{ type: 'email', recipients: [] }], mails: ['desk@shop.example'] }))).toEqual([]);
    expect(alertDraftProblems(draft({ actions: [{ type: 'sms', recipients: [] }], phones: ['+41793333333'] }))).toEqual([]);
    // A phone number does not receive an e-mail, nor an address an SMS or a push.
    expect(alertDraftProblems(draft({ actions: [{ type: 'email', recipients: [] }], phones: ['+41793333333'] }))).toEqual([{ field: 'actions.0.recipients', reason: 'noEmailRecipients' }]);
    expect(alertDraftProblems(draft({ actions: [{ type: 'push', recipients: [] }], mails: ['desk@shop.example'] }))).toEqual([{ field: 'actions.0.recipients', reason: 'noPushRecipients' }]);
    expect(alertDraftProblems(draft({ actions: [{ type: 'push', recipients: [] }], userIds: [7] }))).toEqual([]);
  });

  it('lets an alert have no notification at all (it is logged and shown)', () => {
    expect(alertDraftProblems(draft({ actions: [] }))).toEqual([]);
  });
});
