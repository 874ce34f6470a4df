import { describe, expect, it } from 'vitest';
import { forecastDays, weatherKind } from './weatherKinds.ts';

describe('weatherKind', () => {
  it.each([
    [0, 'clear'], [2, 'partlyCloudy'], [3, 'cloudy'], [45, 'fog'], [53, 'drizzle'], [63, 'rain'], [81, 'showers'],
    [75, 'snow'], [86, 'snow'], [95, 'thunderstorm'], [null, 'unknown'], [42, 'unknown'],
  ] as const)('WMO code %s is %s', (code, kind) => {
    expect(weatherKind(code)).toBe(kind);
  });
});

describe('forecastDays', () => {
  it('shows today and the next five days, in order', () => {
    const day = (date: string) => ({ date, temperatureMin: 1, temperatureMax: 5, weatherCode: 0, precipitation: 0 });
    const days = ['2026-11-22', '2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map(day);
    expect(forecastDays(days, '2026-11-21').map((d) => d.date)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
  });
});
