import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { installationById } from '../installations/installations.service.ts';
import { WeatherProviderError, fetchDailyForecast } from './openMeteo.ts';
import { findForecast, saveForecast } from './weather.repo.ts';
import type { WeatherDay } from './weather.tables.ts';

/** Today and the next 5 days (spec 001 §4 "Weather widget"). */
export const FORECAST_DAYS = 6;
export const FORECAST_CACHE_MS = 3600_000;

export interface WeatherForecast {
  installationId: number;
  fetchedAt: Date;
  days: WeatherDay[];
}

const localDate = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/**
 * The site's forecast, from the database when fetched less than an hour ago, else from the
 * provider (WEATHER_URL). WEATHER_UNAVAILABLE when the site has no coordinates or the provider
 * cannot be reached: the widget then shows its unavailable state.
 */
export async function weatherForecast(ctx: Context, installationId: number): Promise<WeatherForecast> {
  const site = await installationById(ctx, installationId);
  if (site.latitude == null || site.longitude == null) throw new AppError('WEATHER_UNAVAILABLE', { reason: 'noCoordinates' });
  const now = ctx.now();
  const today = localDate(now, site.timezone);
  const fromToday = (days: WeatherDay[]) => days.filter((d) => d.date >= today).slice(0, FORECAST_DAYS);
  const cached = await findForecast(ctx.database, installationId);
  if (cached && now.getTime() - cached.fetchedAt.getTime() < FORECAST_CACHE_MS && cached.days[0]?.date === today) {
    return { installationId, fetchedAt: cached.fetchedAt, days: fromToday(cached.days) };
  }
  let days: WeatherDay[];
  try {
    days = await fetchDailyForecast(ctx.config.WEATHER_URL, { latitude: site.latitude, longitude: site.longitude, timezone: site.timezone }, FORECAST_DAYS);
  } catch (error) {
    if (error instanceof WeatherProviderError) throw new AppError('WEATHER_UNAVAILABLE', { reason: 'providerUnreachable' });
    throw error;
  }
  await saveForecast(ctx.database, installationId, days, now);
  return { installationId, fetchedAt: now, days: fromToday(days) };
}
