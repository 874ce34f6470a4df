import type { ForecastDay } from './weather.graphql.ts';

export type WeatherKind = 'clear' | 'partlyCloudy' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'showers' | 'thunderstorm' | 'unknown';

/** WMO weather interpretation codes (as Open-Meteo sends them) grouped into what the widget draws. */
export function weatherKind(code: number | null | undefined): WeatherKind {
  if (code === null || code === undefined || !Number.isInteger(code)) return 'unknown';
  if (code === 0 || code === 1) return 'clear';
  if (code === 2) return 'partlyCloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || code === 80 || code === 81 || code === 82) return code >= 80 ? 'showers' : 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95 && code <= 99) return 'thunderstorm';
  return 'unknown';
}

/** Days the widget shows: today and the next five (spec 001 §4), in date order, earlier days dropped. */
export const FORECAST_DAYS = 6;

export function forecastDays(days: readonly ForecastDay[], today: string): ForecastDay[] {
  return days
    .filter((d) => d.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, FORECAST_DAYS);
}
