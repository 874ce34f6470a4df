import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  DEMO_SEED: z.coerce.number().int().default(2026),
  DEMO_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  SIMULATOR: z.enum(['on', 'off']).default('on'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  REDIS_URL: z.string().url().optional(),
  WEATHER_URL: z.string().url().default('https://api.open-meteo.com/v1/forecast'),
  /** Open-Meteo-compatible archive of past hourly weather: outdoor temperatures of the sites. */
  WEATHER_ARCHIVE_URL: z.string().url().default('https://archive-api.open-meteo.com/v1/archive'),
  /** Imports every site's outdoor temperatures from WEATHER_ARCHIVE_URL in the background. */
  WEATHER_IMPORT: z.enum(['on', 'off']).default('on'),
  MQTT_URL: z
    .string()
    .url()
    .refine((u) => /^(mqtts?|wss?):\/\//.test(u), 'must start with mqtt://, mqtts://, ws:// or wss://')
    .optional(),
  /** The admin tool allowed to drive /widget-builder over postMessage, e.g. https://admin.example.com. */
  WIDGET_BUILDER_ORIGIN: z
    .string()
    .url()
    .refine((u) => new URL(u).origin === u.replace(/\/$/, ''), 'must be an origin: scheme, host and port only')
    .transform((u) => new URL(u).origin)
    .optional(),
});

export type Config = z.infer<typeof schema>;

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

/** Reads the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: dataDirOf(parsed.data.DATA_DIR, env) };
}

/**
 * A relative DATA_DIR is read from where the command was typed: npm runs a workspace's script in
 * the workspace's folder, so `npm start` at the repository root would otherwise keep its data in
 * apps/server/data; npm says where it was started in INIT_CWD. Without npm, the working directory.
 */
export function dataDirOf(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return isAbsolute(dataDir) ? dataDir : resolve(env.INIT_CWD || process.cwd(), dataDir);
}

export class ConfigError extends Error {}
