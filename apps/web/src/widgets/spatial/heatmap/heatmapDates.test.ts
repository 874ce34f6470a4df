import { describe, expect, it } from 'vitest';
import { browserToday, heatmapConfigError, heatmapDashboardId, heatmapDateKey, heatmapDates } from './heatmapDates.ts';

describe('heatmapDates', () => {
  it('lists every day of the ranges up to today, newest first, once each', () => {
    const filters = {
      timespans: [
        { dateBegin: '2026-11-18', dateEnd: '2026-11-25' },
        { dateBegin: '2026-11-02', dateEnd: '2026-11-03' },
        { dateBegin: '2026-11-19', dateEnd: '2026-11-19' },
      ],
    };
    expect(heatmapDates(filters, '2026-11-21')).toEqual(['2026-11-21', '2026-11-20', '2026-11-19', '2026-11-18', '2026-11-03', '2026-11-02']);
  });

  it('crosses month ends and keeps at most the day limit', () => {
    const dates = heatmapDates({ timespans: [{ dateBegin: '2026-01-01', dateEnd: '2026-03-31' }] }, '2026-12-31', 40);
    expect(dates).toHaveLength(40);
    expect(dates[0]).toBe('2026-03-31');
    expect(dates).toContain('2026-02-28');
    expect(dates).not.toContain('2026-02-29');
  });

  it('answers nothing for a range entirely in the future', () => {
    expect(heatmapDates({ timespans: [{ dateBegin: '2026-12-01', dateEnd: '2026-12-02' }] }, '2026-11-21')).toEqual([]);
  });
});

describe('heatmap date keys and errors', () => {
  it('names a day YYYY_MM_DD, in the browser’s time zone for today', () => {
    expect(heatmapDateKey('2026-03-09')).toBe('2026_03_09');
    expect(browserToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it.each([
    [{ zoneId: null, dashboardId: 3, dates: ['2026-11-21'] }, 'urlMissing'],
    [{ zoneId: 4, dashboardId: undefined, dates: ['2026-11-21'] }, 'wrongConfig'],
    [{ zoneId: 4, dashboardId: 3, dates: [] }, 'noDates'],
    [{ zoneId: 4, dashboardId: 3, dates: ['2026-11-21'] }, null],
  ] as const)('%j: %s', (input, error) => {
    expect(heatmapConfigError({ ...input, dates: [...input.dates] })).toBe(error);
  });
});

describe('heatmapDashboardId', () => {
  it.each([
    [{ dashboardId: 7, pageKind: 'custom' }, 7],
    [{ pageKind: 'counting' }, 0],
    [{ pageKind: 'custom' }, undefined],
    [{ pageKind: 'counting', preview: true }, undefined],
  ])('%j: %s', (ctx, id) => {
    expect(heatmapDashboardId(ctx)).toBe(id);
  });
});
