import { z } from 'zod';
import type { WeatherDay } from './weather.tables.ts';

const FETCH_TIMEOUT_MS = 5000;
const nullableNumbers = z.array(z.number().nullable());

/** The part of an Open-Meteo `/v1/forecast` answer with `daily=` that we read. */
const answer = z.object({
  daily: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
    weather_code: nullableNumbers,
    temperature_2m_max: nullableNumbers,
    temperature_2m_min: nullableNumbers,
    precipitation_sum: nullableNumbers,
  }),
});

export class WeatherProviderError extends Error {}

/** GETs a provider's JSON answer; a network failure, timeout or bad status is a WeatherProviderError. */
export async function fetchProviderJson(url: URL, timeoutMs: number): Promise<unknown> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new WeatherProviderError(`provider answered ${res.status}`);
    return await res.json();
  } catch (error) {
    throw error instanceof WeatherProviderError ? error : new WeatherProviderError(`provider unreachable: ${(error as Error).message}`);
  }
}

/**
 * Daily forecast from an Open-Meteo-compatible provider, in the site's own calendar days.
 * Any network failure, bad status or unexpected body is a WeatherProviderError.
 */
export async function fetchDailyForecast(baseUrl: string, site: { latitude: number; longitude: number; timezone: string }, days: number): Promise<WeatherDay[]> {
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', String(site.latitude));
  url.searchParams.set('longitude', String(site.longitude));
  url.searchParams.set('daily', 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum');
  url.searchParams.set('timezone', site.timezone);
  url.searchParams.set('forecast_days', String(days));
  const body = await fetchProviderJson(url, FETCH_TIMEOUT_MS);
  const parsed = answer.safeParse(body);
  if (!parsed.success) throw new WeatherProviderError('unexpected provider answer');
  const d = parsed.data.daily;
  return d.time.map((date, i) => ({
    date,
    weatherCode: d.weather_code[i] ?? null,
    temperatureMax: d.temperature_2m_max[i] ?? null,
    temperatureMin: d.temperature_2m_min[i] ?? null,
    precipitation: d.precipitation_sum[i] ?? null,
  }));
}
