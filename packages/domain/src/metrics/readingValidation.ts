import { BREAKDOWN_VALUES, type StoredMetric, type TargetKind, storedMetric } from './storedMetrics.ts';

/** Why a reading is refused; the server sends the code, the web app and docs/ingest.md own the words. */
export type ReadingRejection =
  | 'invalidJson'
  | `missingField:${'target' | 'target.kind' | 'target.id' | 'metric' | 'time' | 'value'}`
  | 'unknownMetric'
  | 'invalidTarget'
  | 'wrongTarget'
  | 'unknownTarget'
  | 'unknownBreakdown'
  | 'invalidTime'
  | 'futureTime'
  | 'tooOld'
  | 'invalidValue'
  | 'nonFiniteValue'
  | 'negativeCount'
  | 'outOfRange';

export interface ValidReading {
  targetKind: TargetKind;
  targetId: number;
  metric: string;
  /** '' for the total, else "dimension:value" (gender:FEMALE). */
  breakdown: string;
  /** Epoch milliseconds. */
  ts: number;
  value: number;
}

export type ReadingCheck = { ok: true; reading: ValidReading } | { ok: false; reason: ReadingRejection };

/** Clock skew a sensor may have before its readings count as coming from the future. */
export const READING_MAX_FUTURE_MS = 5 * 60_000;
/** Oldest reading accepted live: a year of backfill plus a month of slack; older history is an import. */
export const READING_MAX_AGE_MS = 400 * 86_400_000;
const TARGET_KINDS: readonly TargetKind[] = ['zone', 'passage', 'device'];
const MAX_TARGET_ID = 2_147_483_647;
const NON_FINITE = new Set(['NaN', 'Infinity', '+Infinity', '-Infinity']);
// Date, time and a mandatory offset: a reading without one would land in the server's time zone.
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

const fail = (reason: ReadingRejection): ReadingCheck => ({ ok: false, reason });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks one reading of the ingest wire format (docs/ingest.md) against the metric catalogue.
 * Whether the target exists and belongs to the sender is the server's check (unknownTarget).
 */
export function validateReading(raw: unknown, opts: { now: number; maxFutureMs?: number }): ReadingCheck {
  if (!isObject(raw)) return fail('invalidJson');
  for (const field of ['target', 'metric', 'time', 'value'] as const) {
    if (raw[field] === undefined || raw[field] === null) return fail(`missingField:${field}`);
  }
  const target = raw.target;
  if (!isObject(target)) return fail('invalidTarget');
  if (target.kind == null) return fail('missingField:target.kind');
  if (target.id == null) return fail('missingField:target.id');
  const metric = typeof raw.metric === 'string' ? storedMetric(raw.metric) : undefined;
  if (!metric) return fail('unknownMetric');
  const targetKind = target.kind as TargetKind;
  if (!TARGET_KINDS.includes(targetKind)) return fail('invalidTarget');
  if (!Number.isInteger(target.id) || (target.id as number) < 1 || (target.id as number) > MAX_TARGET_ID) return fail('invalidTarget');
  if (!metric.targets.includes(targetKind)) return fail('wrongTarget');
  const breakdown = breakdownOf(raw.breakdown, metric);
  if (breakdown === null) return fail('unknownBreakdown');
  const ts = parseReadingTime(raw.time);
  if (ts === null) return fail('invalidTime');
  if (ts > opts.now + (opts.maxFutureMs ?? READING_MAX_FUTURE_MS)) return fail('futureTime');
  if (ts < opts.now - READING_MAX_AGE_MS) return fail('tooOld');
  const value = raw.value;
  if (typeof value === 'string' && NON_FINITE.has(value.trim())) return fail('nonFiniteValue');
  if (typeof value !== 'number') return fail('invalidValue');
  if (!Number.isFinite(value)) return fail('nonFiniteValue');
  if (metric.nature === 'count' && value < 0) return fail('negativeCount');
  if (value < metric.range[0] || value > metric.range[1]) return fail('outOfRange');
  return { ok: true, reading: { targetKind, targetId: target.id as number, metric: metric.id, breakdown, ts, value } };
}

/** '' for none, "dimension:value" for one known dimension of the metric, null when refused. */
function breakdownOf(raw: unknown, metric: StoredMetric): string | null {
  if (raw === undefined || raw === null) return '';
  if (!isObject(raw)) return null;
  const entries = Object.entries(raw);
  if (entries.length === 0) return '';
  if (entries.length > 1) return null;
  const [dimension, value] = entries[0]!;
  if (!metric.breakdowns.includes(dimension)) return null;
  if (typeof value !== 'string' || !BREAKDOWN_VALUES[dimension]?.includes(value)) return null;
  return `${dimension}:${value}`;
}

/** Epoch ms of an ISO 8601 date-time with an offset or Z; null for anything else, Feb 30 included. */
function parseReadingTime(raw: unknown): number | null {
  // A batch's readings share few instants (sensors report at the same quarter-hours), often in a row.
  if (typeof raw === 'string' && raw === lastTime.raw) return lastTime.ms;
  const ms = parseTime(raw);
  if (typeof raw === 'string') lastTime = { raw, ms };
  return ms;
}

let lastTime: { raw: string | null; ms: number | null } = { raw: null, ms: null };

function parseTime(raw: unknown): number | null {
  const match = typeof raw === 'string' ? ISO_TIME.exec(raw) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s, frac, sign, oh, om] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s ?? '0'].map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return null;
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  if (Number(om) > 59 || Math.abs(offsetMinutes) > 18 * 60) return null;
  const ms = Math.floor(Number(`0.${frac ?? '0'}`) * 1000);
  return Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
}
