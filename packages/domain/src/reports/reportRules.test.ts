import { describe, expect, it } from 'vitest';
import { nextOccurrence } from '../schedules/scheduleRule.ts';
import { firstInvalidEmail, normalizeEmails, reportFieldErrors, reportPeriod, reportScheduleRule, reportStatus, safeFileName, spreadsheetText } from './reportRules.ts';

const valid = { title: 'Weekly footfall', language: 'fr', sendDay: 1, hour: 8, daysIncluded: 7, granularity: 86400, emails: ['ana@example.com'] };

describe('report fields', () => {
  it('accepts a complete report', () => expect(reportFieldErrors(valid)).toEqual([]));
  it.each([
    [{ title: '  ' }, 'title', 'required'],
    [{ language: 'xx' }, 'language', 'unknownLanguage'],
    [{ sendDay: 8 }, 'sendDay', 'invalid'],
    [{ hour: 24 }, 'hour', 'invalid'],
    [{ daysIncluded: 0 }, 'daysIncluded', 'outOfRange'],
    [{ daysIncluded: 367 }, 'daysIncluded', 'outOfRange'],
    [{ granularity: 900 }, 'granularity', 'invalid'],
    [{ emails: [] }, 'emails', 'required'],
    [{ emails: ['ana@example.com', 'not-an-email'] }, 'emails', 'invalidEmail'],
  ])('refuses %j as %s %s', (change, field, reason) => {
    expect(reportFieldErrors({ ...valid, ...change })).toEqual([{ field, reason }]);
  });
  it('normalizes e-mails once each', () => expect(normalizeEmails([' Ana@Example.com', 'ana@example.com', ''])).toEqual(['ana@example.com']));
});

describe('report schedule and period', () => {
  it('sends every day or on one weekday at the hour', () => {
    expect(reportScheduleRule(0, 8)).toEqual({ kind: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['08:00'] });
    expect(reportScheduleRule(7, 18)).toEqual({ kind: 'weekly', weekdays: [7], times: ['18:00'] });
  });
  it('goes at 08:00 Lyon time on the day after the spring-forward', () => {
    const next = nextOccurrence(reportScheduleRule(0, 8), 'Europe/Paris', Date.parse('2026-03-29T00:00:00Z'));
    expect(new Date(next).toISOString()).toBe('2026-03-29T06:00:00.000Z');
  });
  it.each([
    ['a day before the change', '2026-03-30T06:00:00Z', 1, '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['a week across the change', '2026-03-30T06:00:00Z', 7, '2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['the fall-back day of 25 hours', '2026-10-26T07:00:00Z', 1, '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
  ])('covers whole local days: %s', (_name, at, days, from, to) => {
    const [a, b] = reportPeriod(Date.parse(at), days, 'Europe/Paris');
    expect([new Date(a).toISOString(), new Date(b).toISOString()]).toEqual([from, to]);
  });
  it('is active while its event runs', () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(reportStatus({ neverEnding: true, dateEnd: null }, now)).toBe('ACTIVE');
    expect(reportStatus({ neverEnding: false, dateEnd: new Date('2026-06-01') }, now)).toBe('ACTIVE');
    expect(reportStatus({ neverEnding: false, dateEnd: new Date('2026-04-01') }, now)).toBe('INACTIVE');
  });
  it('is inactive once its zone is deleted, even while its event runs', () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(reportStatus({ neverEnding: true, dateEnd: null, zoneDeleted: true }, now)).toBe('INACTIVE');
    expect(reportStatus({ neverEnding: false, dateEnd: new Date('2026-06-01'), zoneDeleted: false }, now)).toBe('ACTIVE');
  });
});

describe('spreadsheet safety', () => {
  it.each(['=1+1', '+33 1', '-2', '@SUM(A1)', '\tx', '\rx'])('writes %j as text', (v) => expect(spreadsheetText(v)).toBe(`'${v}`));
  it('keeps ordinary text', () => expect(spreadsheetText('Entrée Nord')).toBe('Entrée Nord'));
  it('sanitizes file names', () => {
    expect(safeFileName('../Rapport: Lyon/Été 2026', 'xlsx')).toBe('Rapport-Lyon-Ete-2026.xlsx');
    expect(safeFileName('///', 'csv')).toBe('report.csv');
    expect(safeFileName('تقرير', 'xlsx')).toBe('تقرير.xlsx');
    // Marks of other scripts stay with their letters: a hamza or a vowel sign does not split a word.
    expect(safeFileName('تقرير أسبوعي لندن 29-11-2026', 'xlsx')).toBe('تقرير-أسبوعي-لندن-29-11-2026.xlsx');
    expect(safeFileName('إحصاءات مؤشر', 'xlsx')).toBe('إحصاءات-مؤشر.xlsx');
    expect(safeFileName('साप्ताहिक रिपोर्ट', 'csv')).toBe('साप्ताहिक-रिपोर्ट.csv');
    expect(safeFileName('Überblick Zürich', 'csv')).toBe('Uberblick-Zurich.csv');
  });
});

describe('firstInvalidEmail', () => {
  it.each([
    [['ana@acme.test', 'not-an-address', 'bob@'], 'not-an-address'],
    [[' bob@ ', 'ana@acme.test'], 'bob@'],
    [['ana@acme.test', ''], null],
    [[], null],
  ])('%j names %j', (emails, expected) => {
    expect(firstInvalidEmail(emails)).toBe(expected);
  });
});
