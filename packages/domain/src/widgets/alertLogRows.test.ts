import { describe, expect, it } from 'vitest';
import { alertLogRows, alertTimeLabel, type AlertLogEntry } from './alertLogRows.ts';

const opts = {
  now: Date.parse('2026-03-09T15:00:00Z'),
  tz: 'Europe/Paris',
  dateFormat: 'DD/MM/YYYY' as const,
  deletedZoneLabel: 'This zone has been deleted',
};

const entry = (id: number, zone: string | null, begin: string, type: string, value: number | null): AlertLogEntry => ({
  alertId: id,
  metrics: [{ type, threshold: 800, value }],
  dateBegin: begin,
  zone: zone === null ? null : { name: zone },
});

describe('alertTimeLabel', () => {
  it('shows HH[h]mm for today in the user zone', () => {
    expect(alertTimeLabel(Date.parse('2026-03-09T08:05:00Z'), opts)).toBe('09h05');
    // 23:30 UTC on the 8th is already the 9th in Paris.
    expect(alertTimeLabel(Date.parse('2026-03-08T23:30:00Z'), opts)).toBe('00h30');
  });

  it('adds the date in the user format on other days', () => {
    expect(alertTimeLabel(Date.parse('2026-03-08T22:30:00Z'), opts)).toBe('08/03/2026 23h30');
    expect(alertTimeLabel(Date.parse('2026-03-08T22:30:00Z'), { ...opts, dateFormat: 'YYYY-MM-DD' })).toBe('2026-03-08 23h30');
    expect(alertTimeLabel(Date.parse('2026-03-09T08:05:00Z'), { ...opts, tz: 'America/New_York', now: opts.now })).toBe('04h05');
    expect(alertTimeLabel(Date.parse('2026-03-10T08:05:00Z'), opts)).toBe('10/03/2026 09h05');
  });

  it('shows "-" for an unreadable date', () => {
    expect(alertTimeLabel(Number.NaN, opts)).toBe('-');
  });
});

describe('alertLogRows', () => {
  it('keeps one entry per zone name, start date and first metric type, the first given', () => {
    const rows = alertLogRows(
      [
        entry(1, 'Entrance', '2026-03-09T08:00:00Z', 'co2', 900),
        entry(2, 'Entrance', '2026-03-09T08:00:00.000Z', 'co2', 950),
        entry(3, 'Entrance', '2026-03-09T08:00:00Z', 'temperature', 27),
        entry(4, 'Hall', '2026-03-09T08:00:00Z', 'co2', 1000),
        entry(5, 'Entrance', '2026-03-09T09:00:00Z', 'co2', 850),
      ],
      opts,
    );
    expect(rows.map((r) => r.entry.alertId)).toEqual([4, 1, 5, 3]);
  });

  it('sorts by value, largest first, entries without value last, ties most recent first', () => {
    const rows = alertLogRows(
      [
        entry(1, 'A', '2026-03-09T08:00:00Z', 'co2', 900),
        entry(2, 'B', '2026-03-09T08:00:00Z', 'co2', null),
        entry(3, 'C', '2026-03-09T08:00:00Z', 'co2', -5),
        entry(4, 'D', '2026-03-09T10:00:00Z', 'co2', 900),
        entry(5, 'E', '2026-03-09T08:00:00Z', 'co2', 1200),
      ],
      opts,
    );
    expect(rows.map((r) => r.entry.alertId)).toEqual([5, 4, 1, 3, 2]);
    expect(rows.map((r) => r.value)).toEqual([1200, 900, 900, -5, null]);
  });

  it('names a deleted zone with the given label and dedupes on it', () => {
    const rows = alertLogRows(
      [entry(1, null, '2026-03-09T08:00:00Z', 'co2', 900), entry(2, null, '2026-03-09T08:00:00Z', 'co2', 901)],
      opts,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ zoneName: 'This zone has been deleted', metricType: 'co2', threshold: 800, timeLabel: '09h00' });
  });

  it('accepts epoch milliseconds, entries without metrics, and answers nothing for nothing', () => {
    const ms = Date.parse('2026-03-07T12:00:00Z');
    const rows = alertLogRows([{ alertId: 9, metrics: [], dateBegin: ms, zone: { name: 'Hall' } }], opts);
    expect(rows[0]).toMatchObject({ metricType: null, value: null, begin: ms, timeLabel: '07/03/2026 13h00' });
    expect(alertLogRows([], opts)).toEqual([]);
  });
});
