import { formatDate, metricDecimals, metricUnit } from '@sitelens/domain';
import type { ChartEnv } from '../charts/chartEnv.ts';

/** What an export needs besides the answers: the reader's words and formats, and what the widget shows. */
export interface ExportEnv {
  env: ChartEnv;
  /** The first column's header for times ("Time"), entities ("Zone", "Gender" ...) and keys. */
  headers: { time: string; item: string };
}

export type SheetRow = Array<string | number | null>;

/** A column header: the series or metric name with its unit, "Visitors in" or "CO2 (ppm)". */
export function columnHeader(name: string, metric: string, unit: string | null | undefined): string {
  const shown = unit ?? metricUnit(metric);
  return shown ? `${name} (${shown})` : name;
}

/**
 * A value as the sheet keeps it: rounded to the metric's precision (or `decimals`, an evolution's),
 * a number a spreadsheet can add.
 */
export function sheetValue(metric: string, value: number | null | undefined, decimals = metricDecimals(metric)): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A bucket's start in the site's time zone, in the user's date format, with the time below a day. */
export function sheetTime(t: number, granularity: number, env: ChartEnv): string {
  return formatDate(t, { format: env.dateFormat, tz: env.timeZone, withTime: granularity < 86_400 });
}

/** Drops the columns that hold nothing but empty cells below their header. */
export function withoutEmptyColumns(rows: SheetRow[]): SheetRow[] {
  if (rows.length < 2) return rows;
  const keep = rows[0]!.map((_, c) => rows.slice(1).some((row) => row[c] !== null && row[c] !== ''));
  return rows.map((row) => row.filter((_, c) => keep[c]));
}

/** "galeries-rhone_visitors-per-hour_2026-11-24_2026-11-25.csv": site, widget and dates. */
export function exportFileName(parts: { site: string; title: string; from?: string; to?: string }, extension: string): string {
  const slug = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase();
  const dates = parts.from ? (parts.to && parts.to !== parts.from ? `${parts.from}_${parts.to}` : parts.from) : '';
  const base = [slug(parts.site), slug(parts.title) || 'widget', dates].filter(Boolean).join('_');
  return `${base}.${extension}`;
}
