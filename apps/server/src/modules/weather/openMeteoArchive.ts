import { z } from 'zod';
import { WeatherProviderError, fetchProviderJson } from './openMeteo.ts';

// A year of hourly values is a few hundred kilobytes; the archive can take its time.
const FETCH_TIMEOUT_MS = 30_000;
const GMT_HOUR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::00)?$/;

/** The part of an Open-Meteo `/v1/archive` answer with `hourly=temperature_2m` that we read. */
const answer = z.object({
  hourly: z.object({
    time: z.array(z.string().regex(GMT_HOUR)),
    temperature_2m: z.array(z.number().nullable()),
  }),
});

export interface HourlyTemperature {
  /** Epoch milliseconds of the hour. */
  ts: number;
  /** °C at 2 m. */
  value: number;
}

/**
 * Hourly outdoor temperatures from an Open-Meteo-compatible archive, for the GMT calendar days
 * [startDate, endDate]. Hours the provider has no value for yet (the archive runs days behind) are
 * left out. Any network failure, bad status or unexpected body is a WeatherProviderError.
 */
export async function fetchHourlyTemperatures(baseUrl: string, site: { latitude: number; longitude: number }, startDate: string, endDate: string): Promise<HourlyTemperature[]> {
  const url = new URL(baseUrl);
  url.searchParams.set('latitude', String(site.latitude));
  url.searchParams.set('longitude', String(site.longitude));
  url.searchParams.set('start_date', startDate);
  url.searchParams.set('end_date', endDate);
  url.searchParams.set('hourly', 'temperature_2m');
  url.searchParams.set('timezone', 'GMT');
  const body = await fetchProviderJson(url, FETCH_TIMEOUT_MS);
  const parsed = answer.safeParse(body);
  if (!parsed.success || parsed.data.hourly.time.length !== parsed.data.hourly.temperature_2m.length) throw new UnexpectedAnswerError('unexpected provider answer');
  const { time, temperature_2m: values } = parsed.data.hourly;
  return time.flatMap((t, i) => {
    const value = values[i];
    return value === null || value === undefined ? [] : [{ ts: Date.parse(`${GMT_HOUR.exec(t)![1]}:00Z`), value }];
  });
}

/** The provider answered, but not in the expected format: retrying will not help until it is fixed. */
export class UnexpectedAnswerError extends WeatherProviderError {}
