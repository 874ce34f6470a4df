import { describe, expect, it } from 'vitest';
import { type RowLabelOptions, rowLabelText, rowsOnOneDay } from './rowLabel.ts';
import type { TableRow } from './tableModel.ts';

const base: RowLabelOptions = {
  locale: 'en',
  tz: 'Europe/Paris',
  dateFormat: 'DD/MM/YYYY',
  granularity: 3600,
  oneDay: false,
  texts: { total: 'Total', weekday: 'Weekdays', weekend: 'Weekend' },
};
const time = (t: string): TableRow => ({ id: t, label: { kind: 'time', t }, sortKey: Date.parse(t), cells: [] });

describe('rowLabelText', () => {
  it('shows hours alone on a one-day table, date and time otherwise, dates alone from a day granularity', () => {
    const label = time('2026-11-20T09:00:00.000Z').label;
    expect(rowLabelText(label, { ...base, oneDay: true })).toBe('10:00');
    expect(rowLabelText(label, base)).toBe('20/11/2026 10:00');
    expect(rowLabelText(label, { ...base, granularity: 86_400, dateFormat: 'YYYY-MM-DD' })).toBe('2026-11-20');
  });
  it('names weekdays and months in the user language, and the total row', () => {
    expect(rowLabelText({ kind: 'key', key: '1' }, { ...base, variant: 'weekday' })).toBe('Monday');
    expect(rowLabelText({ kind: 'key', key: '7' }, { ...base, locale: 'fr', variant: 'weekday' })).toBe('dimanche');
    expect(rowLabelText({ kind: 'key', key: '03' }, { ...base, variant: 'monthly' })).toBe('March');
    expect(rowLabelText({ kind: 'key', key: 'weekend' }, { ...base, variant: 'weekend' })).toBe('Weekend');
    expect(rowLabelText({ kind: 'key', key: 'W07' }, { ...base, variant: 'weekly' })).toBe('W07');
    expect(rowLabelText({ kind: 'series', key: 'all', text: 'all' }, base)).toBe('Total');
  });
});

describe('rowsOnOneDay', () => {
  it('reads the day in the given zone', () => {
    const rows = [time('2026-11-20T22:00:00.000Z'), time('2026-11-20T23:30:00.000Z')];
    expect(rowsOnOneDay(rows, 'UTC')).toBe(true);
    expect(rowsOnOneDay(rows, 'Europe/Paris')).toBe(false);
  });
});
