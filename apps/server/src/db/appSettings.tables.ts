import { pgTable, text } from 'drizzle-orm/pg-core';

/** Server-wide values shared by every process, such as the token signing secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
