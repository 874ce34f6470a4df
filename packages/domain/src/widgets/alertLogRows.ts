import { formatDate, type DateFormat } from '../format/formatDate.ts';
import { zonedParts } from '../time/zonedTime.ts';

/** An alert-log entry (spec 001 §3), from the stored log or the live subscription. */
export interface AlertLogEntry {
  /** Null once its alert was deleted. */
  alertId: number | null;
  conditionType?: string;
  metrics: Array<{ type: string; threshold?: number | null; value?: number | null }>;
  /** ISO 8601 instant or epoch milliseconds. */
  dateBegin: string | number;
  dateEnd?: string | number | null;
  zoneId?: number | null;
  passageId?: number | null;
  deviceId?: number | null;
  message?: string | null;
  /** Null for a deleted zone (the caller passes the deleted-zone label in the options). */
  zone?: { name: string | null } | null;
}

export interface AlertLogRow {
  /** Zone name, start and first metric type: unique among the rows. */
  key: string;
  zoneName: string;
  metricType: string | null;
  value: number | null;
  threshold: number | null;
  /** Epoch milliseconds of dateBegin, NaN when it could not be read. */
  begin: number;
  timeLabel: string;
  entry: AlertLogEntry;
}

export interface AlertLogRowsOptions {
  /** Epoch milliseconds of now, to tell today's alerts. */
  now: number;
  /** The user's time zone and date format. */
  tz: string;
  dateFormat: DateFormat;
  /** Shown (and used for deduplication) when the zone has no name: "This zone has been deleted". */
  deletedZoneLabel: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const toMs = (d: string | number): number => (typeof d === 'number' ? d : Date.parse(d));
const finiteOrNull = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** "HH[h]mm" for today in the user's zone ("09h05"), otherwise the user's date then that time. */
export function alertTimeLabel(ts: number, { now, tz, dateFormat }: Pick<AlertLogRowsOptions, 'now' | 'tz' | 'dateFormat'>): string {
  if (!Number.isFinite(ts)) return '-';
  const p = zonedParts(ts, tz);
  const today = zonedParts(now, tz);
  const time = `${pad(p.hour)}h${pad(p.minute)}`;
  const sameDay = p.year === today.year && p.month === today.month && p.day === today.day;
  return sameDay ? time : `${formatDate(ts, { format: dateFormat, tz })} ${time}`;
}

/**
 * The alert-log widget's rows (spec 001 §9): one per zone name, start date and first metric type
 * (the first entry given wins, so pass the preferred source first), sorted by the first metric's
 * value, largest first; entries without a value last, then the most recent first.
 */
export function alertLogRows(entries: readonly AlertLogEntry[], opts: AlertLogRowsOptions): AlertLogRow[] {
  const rows = new Map<string, AlertLogRow>();
  for (const entry of entries) {
    const zoneName = entry.zone?.name || opts.deletedZoneLabel;
    const begin = toMs(entry.dateBegin);
    const first = entry.metrics[0];
    const metricType = first?.type ?? null;
    const key = JSON.stringify([zoneName, Number.isFinite(begin) ? begin : String(entry.dateBegin), metricType]);
    if (rows.has(key)) continue;
    rows.set(key, {
      key,
      zoneName,
      metricType,
      value: finiteOrNull(first?.value),
      threshold: finiteOrNull(first?.threshold),
      begin,
      timeLabel: alertTimeLabel(begin, opts),
      entry,
    });
  }
  const byValue = (a: AlertLogRow, b: AlertLogRow): number => {
    if (a.value !== b.value) {
      if (a.value === null) return 1;
      if (b.value === null) return -1;
      return b.value - a.value;
    }
    return (Number.isFinite(b.begin) ? b.begin : -Infinity) - (Number.isFinite(a.begin) ? a.begin : -Infinity) || 0;
  };
  return [...rows.values()].sort(byValue);
}
