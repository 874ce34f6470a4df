import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { KNOWN_PUSH_SERVICES } from './messages/push/pushServiceHost.ts';
import { DEFAULT_PARALLEL_WORKERS } from './db/parallelWorkers.ts';

/** An OpenID issuer: https, or http on this machine only (a local test provider). */
const issuerUrl = z
  .string()
  .url()
  .refine((u) => {
    const url = new URL(u);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  }, 'must be an https URL (http only for localhost)');

const schema = z.object({
  /**
   * What this process runs (issue 31): web (HTTP, GraphQL, live streams, ingest), worker (the job
   * queue, schedules, weather imports, the demo) or all. web and worker need PostgreSQL and Redis.
   */
  SITELENS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * PostgreSQL streaming replicas (comma-separated connection strings) that take the engine's
   * analytics reads (issue 31 item 2); writes and every other read stay on DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((u) => u.trim()).filter(Boolean) : []))
    .pipe(z.array(z.string().url())),
  /** A replica that has not caught up with the primary for longer than this is left out until it has. */
  READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** PostgreSQL's parallel workers per statement of ours (max_parallel_workers_per_gather); none by default. */
  DATABASE_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).default(DEFAULT_PARALLEL_WORKERS),
  /** PostgreSQL: a statement seen twice runs as a named prepared statement; off for a pooler that does not carry them. */
  DATABASE_NAMED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  DATA_DIR: z.string().default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  DEMO_SEED: z.coerce.number().int().default(2026),
  DEMO_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  SIMULATOR: z.enum(['on', 'off']).default('on'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /**
   * Single sign-on by OpenID Connect (authorization code with PKCE): a social identity provider and a
   * retail-partner provider, each shown on the login page only when its issuer, client id and secret
   * are set. The redirect URI to register at the provider is PUBLIC_URL/auth/oidc/social/callback
   * (…/partner/callback). LABEL is the provider's name on the button (e.g. Google).
   */
  OIDC_SOCIAL_ISSUER: issuerUrl.optional(),
  OIDC_SOCIAL_CLIENT_ID: z.string().min(1).optional(),
  OIDC_SOCIAL_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SOCIAL_LABEL: z.string().trim().min(1).max(40).optional(),
  OIDC_PARTNER_ISSUER: issuerUrl.optional(),
  OIDC_PARTNER_CLIENT_ID: z.string().min(1).optional(),
  OIDC_PARTNER_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PARTNER_LABEL: z.string().trim().min(1).max(40).optional(),
  /**
   * 32 bytes in base64: the AES-256-GCM key of secrets kept at rest (authenticator secrets). Without
   * it the embedded database uses DATA_DIR/secrets.key (made on first start); PostgreSQL needs it.
   */
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(v), 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Bearer token that /metrics requires; without it, /metrics answers only direct requests from this machine. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
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
  /**
   * This process's MQTT client id: the broker keeps its session (and queues readings for it) across
   * restarts under it, and drops an older connection with the same id. Default: host and port, so
   * two processes on one host do not take each other's session.
   */
  MQTT_CLIENT_ID: z.string().trim().regex(/^[A-Za-z0-9._:-]{1,100}$/, 'letters, digits, . _ : - only').optional(),
  /** The customer hotline shown in the help centre (spec 002 §1); the default is a fictitious drama-range number. */
  SUPPORT_PHONE: z.string().trim().min(3).max(40).default('+44 20 7946 0018'),
  SUPPORT_EMAIL: z.string().email().default('support@sitelens.example'),
  /** IANA zone of the support desk: its hours (Monday to Friday, 9:00 to 18:00) are read there. */
  SUPPORT_TIMEZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Zurich')
    .default('Europe/Zurich'),
  /** The admin tool allowed to drive /widget-builder over postMessage, e.g. https://admin.example.com. */
  WIDGET_BUILDER_ORIGIN: z
    .string()
    .url()
    .refine((u) => new URL(u).origin === u.replace(/\/$/, ''), 'must be an origin: scheme, host and port only')
    .transform((u) => new URL(u).origin)
    .optional(),
  /** How often an idle worker looks for new jobs (another process's); the own process's wake at once. */
  JOBS_POLL_MS: z.coerce.number().int().min(500).default(2000),
  /** How often durable schedules are checked for new or changed ones (due ones wake the ticker at their time). */
  JOBS_SCHEDULE_POLL_MS: z.coerce.number().int().min(50).default(15_000),
  /** How often a job left active by a stopped process is handed back, and old jobs archived. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A worker that has not beaten for this long is dead (kill -9, a lost machine): another hands its running jobs back to the queue. */
  JOBS_WORKER_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
  /** An export file larger than this goes as an expiring download link instead of an attachment (at most 10 MB). */
  EXPORT_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).max(10 * 1024 * 1024).default(10 * 1024 * 1024),
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must start with smtp:// or smtps://')
    .optional(),
  /** The sender of every e-mail, e.g. "Sitelens <alerts@example.com>"; required with SMTP_URL. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Base URL of a Twilio-compatible Messages API; the account SID is appended as Twilio does. */
  SMS_API_URL: z.string().url().default('https://api.twilio.com/2010-04-01'),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: an E.164 number or an alphanumeric sender id the provider accepts. */
  SMS_FROM: z.string().min(1).optional(),
  /** Contact of the operator for push services (mailto: or https:); defaults to MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .refine((u) => /^(mailto:|https:\/\/)/.test(u), 'must start with mailto: or https://')
    .optional(),
  /** Retries of a failed send (e-mail, SMS, push, webhook) before it is recorded as failed. */
  MESSAGE_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  /** First retry delay; each next one doubles (with jitter). 0 retries at once (tests). */
  MESSAGE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** A send taking longer is given up and retried. */
  MESSAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The push services browsers' endpoints may name (host suffixes, comma-separated); only these are ever called. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))
    .default([...KNOWN_PUSH_SERVICES]),
  /** on: webhooks may go to private addresses (this machine, the local network), for on-premises receivers. */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  /** DNS servers (ip or ip:port, comma-separated) that resolve webhook hosts; the system's resolver by default. */
  WEBHOOK_DNS_SERVERS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.every((s) => isIP(s.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([\d.]+):\d+$/, '$1')) !== 0), 'must be IP addresses (with an optional :port), separated by commas')
    .default([]),
  /**
   * PostgreSQL with partitioned readings: whole months of readings and rollups kept before the current
   * one; older months are dropped by the daily partitions job. Unset: everything is kept.
   */
  READINGS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).optional(),
  /**
   * PostgreSQL: auto partitions readings and rollups by month at start while they hold no row (a new
   * database); a database with rows is moved by `npm run partitions -- up`. off: one table each.
   */
  READINGS_PARTITIONS: z.enum(['auto', 'off']).default('auto'),
  /** Days the record of a sent or failed message is kept. */
  MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Other origins whose pages may call the API with credentials (comma-separated); none by default: same origin only. */
  CORS_ORIGINS: z
    .string()
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every(isOrigin), 'must be origins (scheme, host and port only), separated by commas')
    .transform((list) => list.map((o) => new URL(o).origin))
    .default([]),
  /** Which proxies' X-Forwarded-* headers count: off (default), a hop count, or their addresses/CIDRs (comma-separated). */
  TRUST_PROXY: z
    .string()
    .refine((v) => v === 'off' || /^\d{1,2}$/.test(v) || v.split(',').every((a) => isProxyAddress(a.trim())), 'must be off, a hop count, or addresses/CIDRs separated by commas')
    .default('off'),
  /** Most analytics requests (retailData, nested ones included) one GraphQL call may ask, over all its aliases and batches. */
  API_ENGINE_REQUESTS_PER_CALL: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Most engine work one GraphQL call may ask, in points: per statement its sources x the rows it reads + 1,000 (engineCost.ts). */
  API_ENGINE_COST_PER_CALL: z.coerce.number().int().min(1_000).max(1_000_000_000).default(500_000),
  /** Times each layer of every request from this machine (loopback) and sends it back as a Server-Timing header (the benchmark's profile phase); off in production. */
  PROFILE_REQUESTS: z.enum(['on', 'off']).default('off'),
  /**
   * The platform operators: signed-in users with one of these e-mails (comma-separated, any case)
   * may create organizations (createOrganization). Empty: nobody may.
   */
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean) : [])),
  /**
   * How long a process may keep what a bearer token stands for (its session and membership) without
   * reading them again: a safety net only, since every change to a session, a membership or a user
   * drops them at once through the database's notifications (callerCache.ts). 0 reads them on every call.
   */
  CALLER_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
  /**
   * Analytics answers kept in this process (issue 33 item 4), in megabytes of their JSON text, least
   * recently used out first; 0 turns the result cache off. An answer is kept under the data versions
   * it was read at (migration 0046), which every write moves: it is never served stale.
   */
  RESULT_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(64),
  /** With REDIS_URL: how long Redis keeps an answer shared by every process (an entry nobody asks for again goes then). */
  RESULT_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(3600),
  /**
   * What the engine looks up around its SQL (sites, zone trees, target names and areas), kept in the
   * process under the data versions it was read at, in entries; 0 reads them on every call.
   */
  REFERENCE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(50_000),
  /** With REDIS_URL: how long a process waits for Redis before it counts a miss and asks the engine. */
  RESULT_CACHE_REDIS_WAIT_MS: z.coerce.number().int().min(1).max(10_000).default(50),
  /** Most data points all the analytics answers of one GraphQL call may hold. */
  API_POINTS_PER_CALL: z.coerce.number().int().min(1).max(50_000_000).default(300_000),
  /** GraphQL calls one caller (a user, or an address without sign-in) runs at the same time. */
  API_CALLER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  /** Further calls of that caller that wait for a turn; past them a call is refused (HTTP 429). */
  API_CALLER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  /** Uploaded files are read in worker threads (issue 28): how many at once, each one's heap and its time. */
  UPLOAD_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  UPLOAD_WORKER_HEAP_MB: z.coerce.number().int().min(64).max(4096).default(256),
  UPLOAD_PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export type Config = z.infer<typeof schema>;

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

/** Reads the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.superRefine(requireTogether).safeParse(cleaned);
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

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/** An IPv4 or IPv6 address, optionally with a /prefix (what Fastify's proxy-addr reads), or loopback/linklocal/uniquelocal. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
}

/** The product's public address without a trailing slash: PUBLIC_URL, else this machine's port. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Variables that only work as a set: mail needs its sender, the SMS provider and each OIDC provider all of their three, a split role PostgreSQL and Redis. */
function requireTogether(c: z.infer<typeof schema>, ctx: z.RefinementCtx): void {
  // The embedded database opens in one process only, and live events reach another process only through Redis.
  if (c.SITELENS_ROLE !== 'all' && !c.DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['SITELENS_ROLE'], message: `${c.SITELENS_ROLE} needs DATABASE_URL (PostgreSQL): the embedded database opens in one process only, so it runs as all` });
  if (c.SITELENS_ROLE !== 'all' && !c.REDIS_URL) ctx.addIssue({ code: 'custom', path: ['SITELENS_ROLE'], message: `${c.SITELENS_ROLE} needs REDIS_URL: live events (readings, alerts) reach the other processes through Redis` });
  if (c.DATABASE_READ_URL.length > 0 && !c.DATABASE_URL) ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'needs DATABASE_URL: replicas copy a PostgreSQL primary' });
  if (c.SMTP_URL && !c.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'required with SMTP_URL' });
  const sms = { SMS_ACCOUNT_SID: c.SMS_ACCOUNT_SID, SMS_AUTH_TOKEN: c.SMS_AUTH_TOKEN, SMS_FROM: c.SMS_FROM };
  if (Object.values(sms).some(Boolean)) {
    for (const [key, value] of Object.entries(sms)) if (!value) ctx.addIssue({ code: 'custom', path: [key], message: 'required with the other SMS_ variables' });
  }
  for (const slot of ['SOCIAL', 'PARTNER'] as const) {
    const set = { [`OIDC_${slot}_ISSUER`]: c[`OIDC_${slot}_ISSUER`], [`OIDC_${slot}_CLIENT_ID`]: c[`OIDC_${slot}_CLIENT_ID`], [`OIDC_${slot}_CLIENT_SECRET`]: c[`OIDC_${slot}_CLIENT_SECRET`] };
    if (Object.values(set).some(Boolean)) {
      for (const [key, value] of Object.entries(set)) if (!value) ctx.addIssue({ code: 'custom', path: [key], message: `required with the other OIDC_${slot}_ variables` });
    }
  }
}
