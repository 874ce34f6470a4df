import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { installations } from '../installations/installations.tables.ts';

export interface WeatherDay {
  date: string;
  temperatureMin: number | null;
  temperatureMax: number | null;
  weatherCode: number | null;
  precipitation: number | null;
}

/** The last forecast fetched for a site, kept for an hour so every widget does not call the provider. */
export const weatherForecasts = pgTable('weather_forecasts', {
  installationId: integer('installation_id')
    .primaryKey()
    .references(() => installations.id, { onDelete: 'cascade' }),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  days: jsonb('days').$type<WeatherDay[]>().notNull(),
});
