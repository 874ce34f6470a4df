import { describe, expect, it } from 'vitest';
import { messageTexts } from '../../messages/render/messageTexts.ts';
import { closedDaysCell, closedDaysSentence } from './reportTexts.ts';

// The mail's and the workbook's words for the days a site did not open (reports.closedDays.test.ts
// sends them through the SMTP peer): named when few, counted when many, by weekday when whole weekdays.
const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(2 + i).padStart(2, '0')}`);

describe('closed days in a report', () => {
  it('names up to three days, one by one', () => {
    const en = messageTexts('en');
    expect(closedDaysSentence('en', en, 'Lyon', { dates: [], named: true, weekdays: null })).toBeNull();
    expect(closedDaysSentence('en', en, 'Lyon', { dates: ['2026-11-29'], named: true, weekdays: [7] })).toBe('Lyon was closed on Sunday 29/11/2026: there are no figures for that day.');
    expect(closedDaysCell('en', en, { dates: ['2026-11-28', '2026-11-29'], named: true, weekdays: [6, 7] })).toBe('Saturday 28/11/2026 and Sunday 29/11/2026');
  });

  it('counts more, by weekday when they are every such weekday of the period, with each language’s plural', () => {
    const en = messageTexts('en');
    expect(closedDaysSentence('en', en, 'Lyon', { dates: days(104), named: false, weekdays: [6, 7] })).toBe(
      'Lyon was closed on 104 days of the period (every Saturday and Sunday): there are no figures for those days.',
    );
    // Days that are not whole weekdays (some Sundays open) are only counted.
    expect(closedDaysSentence('en', en, 'Lyon', { dates: days(5), named: false, weekdays: null })).toBe('Lyon was closed on 5 days of the period: there are no figures for those days.');
    expect(closedDaysCell('en', en, { dates: days(5), named: false, weekdays: null })).toBe('5 days');
    expect(closedDaysCell('fr', messageTexts('fr'), { dates: days(8), named: false, weekdays: [6, 7] })).toBe('8 jours (chaque samedi et dimanche)');
    // Arabic: 3 to 10 "few" (أيام), 11 to 99 "many" (يومًا), 100 "other" (يوم), by the last two digits.
    const ar = messageTexts('ar');
    expect(closedDaysCell('ar', ar, { dates: days(5), named: false, weekdays: null })).toBe('5 أيام');
    expect(closedDaysCell('ar', ar, { dates: days(12), named: false, weekdays: null })).toBe('12 يومًا');
    expect(closedDaysCell('ar', ar, { dates: days(100), named: false, weekdays: null })).toBe('100 يوم');
    expect(closedDaysCell('ar', ar, { dates: days(104), named: false, weekdays: null })).toBe('104 أيام');
    expect(closedDaysSentence('ar', ar, 'Lyon', { dates: days(5), named: false, weekdays: [7] })).toBe('كان Lyon مغلقًا 5 أيام من الفترة (أيام الأحد): لا توجد أرقام لتلك الأيام.');
  });
});
