import { type DateFormat, formatDate, zonedParts } from '@sitelens/domain';
import type { TableRow } from './tableModel.ts';

export interface RowLabelOptions {
  locale: string;
  tz: string;
  dateFormat: DateFormat;
  /** Seconds per bucket of the time axis (the engine's default is an hour). */
  granularity: number;
  /** Every time row falls on one local day: the date is left out. */
  oneDay: boolean;
  /** The discontinuous-date variant (weekday, weekend, weekly, monthly) when keys are dates. */
  variant?: string;
  /** Texts the caller translates: the total row, and the weekday / weekend keys. */
  texts: { total: string; weekday: string; weekend: string };
}

const DAY = 86_400;
const pad = (n: number) => String(n).padStart(2, '0');

/** True when every time row is on the same local day. */
export function rowsOnOneDay(rows: readonly TableRow[], tz: string): boolean {
  const days = new Set<string>();
  for (const row of rows) {
    if (row.label.kind !== 'time') return false;
    const p = zonedParts(Date.parse(row.label.t), tz);
    days.add(`${p.year}-${p.month}-${p.day}`);
  }
  return days.size === 1;
}

function keyText(key: string, { variant, locale, texts }: RowLabelOptions): string {
  const n = Number(key);
  try {
    // 2024-01-01 was a Monday: ISO weekday k is k - 1 days later.
    if (variant === 'weekday' && n >= 1 && n <= 7) return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, n));
    if (variant === 'monthly' && n >= 1 && n <= 12) return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, n - 1, 1));
  } catch {
    return key;
  }
  if (variant === 'weekend' && (key === 'weekday' || key === 'weekend')) return texts[key];
  return key;
}

/** What the first column shows for a row: a series name, a local time or date, or a key. */
export function rowLabelText(label: TableRow['label'], opts: RowLabelOptions): string {
  if (label.kind === 'series') return label.key === 'all' ? opts.texts.total : label.text;
  if (label.kind === 'key') return keyText(label.key, opts);
  const ts = Date.parse(label.t);
  if (!Number.isFinite(ts)) return label.t;
  if (opts.granularity >= DAY) return formatDate(ts, { format: opts.dateFormat, tz: opts.tz });
  if (opts.oneDay) {
    const p = zonedParts(ts, opts.tz);
    return `${pad(p.hour)}:${pad(p.minute)}`;
  }
  return formatDate(ts, { format: opts.dateFormat, tz: opts.tz, withTime: true });
}
