import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type WeatherDay, weatherForecasts } from './weather.tables.ts';

export type ForecastRow = typeof weatherForecasts.$inferSelect;

export async function findForecast(database: Database, installationId: number): Promise<ForecastRow | null> {
  const [row] = await database.db.select().from(weatherForecasts).where(eq(weatherForecasts.installationId, installationId));
  return row ?? null;
}

export async function saveForecast(database: Database, installationId: number, days: WeatherDay[], fetchedAt: Date): Promise<void> {
  await database.db
    .insert(weatherForecasts)
    .values({ installationId, days, fetchedAt })
    .onConflictDoUpdate({ target: weatherForecasts.installationId, set: { days: sql`excluded.days`, fetchedAt } });
}
