import { describe, expect, it } from 'vitest';
import type { AlertLogEntry, AppliedFilters } from '@sitelens/domain';
import { alertLogFilter, keepAlertEntries } from './alertLogScope.ts';

const site = { timezone: 'Europe/Paris', changeOfDayTime: '00:00' };
const widget = { category: 'global' as const, zoneIds: [] as number[], ignoredFilters: [] as string[], alertIds: [] as number[] };
const twoRanges: AppliedFilters = {
  timespans: [
    { dateBegin: '2026-11-02', dateEnd: '2026-11-03' },
    { dateBegin: '2026-11-10', dateEnd: '2026-11-10' },
  ],
  zoneId: 5,
};
const entry = (alertId: number, dateBegin: string, dateEnd: string | null = null): AlertLogEntry => ({ alertId, dateBegin, dateEnd, metrics: [{ type: 'co2', value: 900 }], zone: { name: 'Hall' } });

describe('alertLogFilter', () => {
  it('spans the page ranges in the site zone and follows the page zone', () => {
    expect(alertLogFilter(widget, twoRanges, site)).toEqual({ zoneIds: [5], dates: ['2026-11-01T23:00:00.000Z', '2026-11-10T23:00:00.000Z'] });
  });
  it('keeps a specific widget on its own zones and drops ignored filters', () => {
    expect(alertLogFilter({ ...widget, category: 'specific', zoneIds: [8] }, twoRanges, site).zoneIds).toEqual([8]);
    expect(alertLogFilter({ ...widget, ignoredFilters: ['zone', 'date'] }, twoRanges, site)).toEqual({});
  });
});

describe('keepAlertEntries', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('drops episodes in the gap between ranges, keeps open ones that reach into a range', () => {
    const entries = [entry(1, '2026-11-02T09:00:00Z', '2026-11-02T10:00:00Z'), entry(1, '2026-11-06T09:00:00Z', '2026-11-06T10:00:00Z'), entry(1, '2026-11-08T09:00:00Z')];
    expect(keepAlertEntries(entries, widget, twoRanges, site, now).map((e) => e.dateBegin)).toEqual(['2026-11-02T09:00:00Z', '2026-11-08T09:00:00Z']);
  });
  it('keeps only the widget alerts when it names some', () => {
    const entries = [entry(1, '2026-11-02T09:00:00Z'), entry(2, '2026-11-02T09:00:00Z')];
    expect(keepAlertEntries(entries, { ...widget, alertIds: [2] }, twoRanges, site, now).map((e) => e.alertId)).toEqual([2]);
  });
});
