/**
 * Data export (spec 002 §2, §3, §5, §9): the request's rules and limits, and the CSV writing rule.
 * The server enforces them; the export form calls the same ones.
 */
import { spreadsheetText } from '../reports/reportRules.ts';

/** Seconds: minute, 15 minutes (the default), hour, day, week, month. */
export const EXPORT_GRANULARITIES = [60, 900, 3600, 86400, 604800, 2592000] as const;
export const EXPORT_DEFAULT_GRANULARITY = 900;
/** The data type of a people-counting export: entries and exits side by side. */
export const EXPORT_COUNTING = 'counting';
export const EXPORT_MAX_DAYS = 366;
export const EXPORT_MAX_ZONES = 50;
export const EXPORT_MAX_RECIPIENTS = 50;
/** Below Excel's 1,048,576 rows per sheet. */
export const EXPORT_MAX_ROWS = 1_000_000;
/** How long the download link of a file too large to attach stays valid. */
export const EXPORT_LINK_DAYS = 7;
export const EXPORT_FORMATS = ['XLSX', 'CSV'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The metric columns of a data type. */
export const exportColumns = (dataType: string): string[] => (dataType === EXPORT_COUNTING ? ['visitorsIn', 'visitorsOut'] : [dataType]);

/** Rows an export will hold at most: one per bucket and target. */
export function exportRowEstimate(from: number, to: number, granularitySeconds: number, targets: number): number {
  return Math.ceil(Math.max(0, to - from) / (granularitySeconds * 1000)) * targets;
}

/**
 * The zones an export holds: the chosen ones and, with subzones, every zone under them, at any depth
 * (the server builds the file from them; the form counts them for the row limit).
 */
export function exportZoneSet(zones: ReadonlyArray<{ id: number; parentId: number | null }>, chosen: Iterable<number>, includeSubZones: boolean): Set<number> {
  const out = new Set(chosen);
  for (let grew = includeSubZones; grew; ) {
    grew = false;
    for (const z of zones) if (z.parentId !== null && out.has(z.parentId) && !out.has(z.id)) grew = out.add(z.id).size > 0;
  }
  return out;
}

/** Whether an export would hold more rows than a file may (EXPORT_MAX_ROWS): the server refuses it, the form says so first. */
export const exportTooManyRows = (from: number, to: number, granularitySeconds: number, targets: number): boolean =>
  exportRowEstimate(from, to, granularitySeconds, targets) > EXPORT_MAX_ROWS;

export interface ExportDraft {
  dataType: string | null;
  installationId: number | null;
  zoneIds: number[];
  from: number | null;
  to: number | null;
  granularity: number | null;
  userIds: number[];
  /** The zones or passages the file holds, when known: then the row limit is checked too. */
  targets?: number;
}

/** Every field is required (spec 002 §5); the range must run forwards and stay within the limits. */
export function exportFieldErrors(d: ExportDraft): Partial<Record<keyof ExportDraft, string>> {
  const errors: Partial<Record<keyof ExportDraft, string>> = {};
  if (!d.dataType) errors.dataType = 'required';
  if (d.installationId === null) errors.installationId = 'required';
  if (d.zoneIds.length === 0) errors.zoneIds = 'required';
  else if (d.zoneIds.length > EXPORT_MAX_ZONES) errors.zoneIds = 'tooMany';
  // Each end's own error on its own field.
  if (d.from === null) errors.from = 'required';
  if (d.to === null) errors.to = 'required';
  if (d.from !== null && d.to !== null) {
    if (!(d.from < d.to)) errors.to = 'beforeFrom';
    else if (d.to - d.from > EXPORT_MAX_DAYS * 86_400_000) errors.to = 'tooLong';
    else if (d.targets !== undefined && d.granularity !== null && exportTooManyRows(d.from, d.to, d.granularity, d.targets)) errors.to = 'tooManyRows';
  }
  if (d.granularity === null || !(EXPORT_GRANULARITIES as readonly number[]).includes(d.granularity)) errors.granularity = 'required';
  if (d.userIds.length === 0) errors.userIds = 'required';
  else if (d.userIds.length > EXPORT_MAX_RECIPIENTS) errors.userIds = 'tooMany';
  return errors;
}

/** One CSV line (RFC 4180 quoting); text that would start a formula is written as text. */
export function csvLine(values: ReadonlyArray<string | number | null>): string {
  return values
    .map((v) => {
      if (v === null) return '';
      if (typeof v === 'number') return String(v);
      const safe = spreadsheetText(v);
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(',');
}
