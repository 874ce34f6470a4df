import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { type ClosedDaysSummary, GRANULARITIES, businessDate, bucketNamer, isRtl, languageDateFormat, metricDecimals, namedByDate, periodName, relativeChange, timeZoneLabel, tzOffsetMs } from '@sitelens/domain';
import { messageTexts } from '../../messages/render/messageTexts.ts';
import { closedDaysCell, metricLabel } from './reportTexts.ts';

export interface SummaryRow {
  metric: string;
  unit: string | null;
  value: number | null;
  previousValue: number | null;
  evolution: number | null;
}

/** The summary's "Change (%)" cell, a fraction for the 0.0% format: empty for a temperature, whose percentage means nothing. */
function changeCell(metric: string, evolution: number | null): number | null {
  const change = relativeChange(metric, evolution);
  return change === null ? null : change / 100;
}

export interface DataRow {
  t: number;
  /** The zone or passage of the row, when the sheet has several. */
  label?: string;
  values: Array<number | null>;
}

export interface WorkbookSpec {
  lang: string;
  title: string;
  siteName: string;
  zoneName: string;
  timeZone: string;
  /** The site's change-of-day time: periods and day rows are named by its business days. */
  changeOfDay: string;
  from: number;
  to: number;
  /** Seconds: day, week and month rows are named by their business date, shorter ones by their time. */
  granularity: number;
  granularityLabel: string;
  /** What the data sheet holds (an export's data type), shown on the summary sheet when given. */
  dataLabel?: string;
  /** The key figures; none in an export, whose summary sheet then describes the file only. */
  summary: SummaryRow[];
  /** Metric ids of the data sheet's columns, after the time. */
  columns: Array<{ metric: string; unit: string | null }>;
  /**
   * A report's business dates on which its site was closed all day (the domain's closedDaysSummary): on
   * the summary sheet named, or counted when many ("52 days (every Sunday)"), and the rows of those days
   * (daily or shorter) noted as closed, not left blank unexplained.
   */
  closed?: ClosedDaysSummary;
  /** Header of a column naming each row's zone or passage (exports); none in a report. */
  labelHeader?: string;
  /**
   * The fast path (the default): every data cell gets its column's style object, and the site's
   * offset is read once per quarter hour. ExcelJS otherwise copies a column's style into a new
   * object per cell and renders each copy to XML to find its id, and the offset costs an Intl call
   * per row. False writes as before (per-cell copies, an offset per row): the benchmark times both
   * ways side by side (bench/exports).
   */
  sharedCellStyles?: boolean;
}

/** A workbook's dates as its mail writes them (the language's format), in Excel's spelling. */
const dateFormat = (lang: string) => languageDateFormat(lang).toLowerCase();

/** The data sheet's first column: its header and cell format by the rows' granularity (days, weeks and months are named by date, the rest by time). */
function timeColumn(lang: string, granularity: number): { key: string; numFmt: string } {
  const day = dateFormat(lang);
  if (granularity === GRANULARITIES.month) return { key: 'reports.sheet.month', numFmt: day.replace(/^dd./, '') };
  if (granularity === GRANULARITIES.week) return { key: 'reports.sheet.week', numFmt: day };
  if (namedByDate(granularity)) return { key: 'reports.sheet.day', numFmt: day };
  return { key: 'reports.sheet.start', numFmt: `${day} hh:mm` };
}

/** Excel has no time zones: a cell shows the site's wall clock, written as that instant in UTC. */
export const wallClock = (ts: number, tz: string) => new Date(ts + tzOffsetMs(ts, tz));

const numberFormat = (decimals: number) => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');

export interface WorkbookWriter {
  /** Writes one data row; resolves once the zip has taken what was written before it. */
  addRow(row: DataRow): Promise<void>;
  close(): Promise<void>;
}

/**
 * A report or export workbook, streamed row by row (ExcelJS's streaming writer: rows are committed
 * as they come, never held in memory): a summary sheet and a data sheet, in the report's language,
 * right-to-left in Arabic, with frozen headers and column widths that fit. Periods are named by the
 * site's business days (the last one included) and day, week and month rows by their business date
 * (the domain's periodNames). Rows are pushed, so one read of the data can feed several languages.
 */
export async function openWorkbook(spec: WorkbookSpec, out: Writable): Promise<WorkbookWriter> {
  const t = messageTexts(spec.lang);
  const rtl = isRtl(spec.lang);
  // Loaded on the first workbook: a process that never writes one skips ExcelJS (half a second).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Sitelens';
  const day = dateFormat(spec.lang);
  const dateTime = `${day} hh:mm`;
  const bucket = { granularity: spec.granularity, tz: spec.timeZone, changeOfDay: spec.changeOfDay };
  const byDate = namedByDate(spec.granularity);
  const first = timeColumn(spec.lang, spec.granularity);

  const closed = new Set(spec.closed?.dates ?? []);
  const period = periodName(spec.from, spec.to, spec.timeZone, spec.changeOfDay);
  const ends: Array<[Date, string]> =
    period.kind === 'days'
      ? [period.first, period.last].map((d): [Date, string] => [new Date(`${d}T00:00:00Z`), day])
      : [period.from, period.to].map((ts): [Date, string] => [wallClock(ts, spec.timeZone), dateTime]);
  const info: Array<[string, string | Date, string?]> = [
    [t('reports.sheet.report'), spec.title],
    [t('reports.sheet.site'), spec.siteName],
    [t('reports.sheet.zone'), spec.zoneName],
    ...(spec.dataLabel ? [[t('reports.sheet.dataType'), spec.dataLabel] as [string, string]] : []),
    [t('reports.sheet.from'), ends[0]![0], ends[0]![1]],
    [t('reports.sheet.to'), ends[1]![0], ends[1]![1]],
    // The zone's name in the workbook's language, its IANA id kept for who imports the sheet.
    [t('reports.sheet.timeZone'), timeZoneLabel(spec.timeZone, spec.lang, spec.from)],
    [t('reports.sheet.granularity'), spec.granularityLabel],
    ...(spec.closed && closed.size > 0 ? [[t('reports.sheet.closedDays'), closedDaysCell(spec.lang, t, spec.closed)] as [string, string]] : []),
  ];
  // Frozen under the metric table's header, which follows the rows above.
  const summary = workbook.addWorksheet(t('reports.sheet.summary'), { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: spec.summary.length > 0 ? info.length + 1 : 0 }] });
  summary.columns = [{ width: 30 }, { width: 14 }, { width: 18 }, { width: 20 }, { width: 16 }];
  for (const [label, value, numFmt] of info) {
    const row = summary.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    if (numFmt) row.getCell(2).numFmt = numFmt;
    row.commit();
  }
  // No metric table without metrics (an export): an empty header would read as missing figures.
  if (spec.summary.length > 0) {
    const head = summary.addRow([t('reports.sheet.metric'), t('reports.sheet.unit'), t('reports.sheet.value'), t('reports.sheet.previous'), t('reports.sheet.change')]);
    head.font = { bold: true };
    head.commit();
  }
  for (const s of spec.summary) {
    const row = summary.addRow([metricLabel(spec.lang, s.metric), s.unit ?? '', s.value, s.previousValue, changeCell(s.metric, s.evolution)]);
    const format = numberFormat(metricDecimals(s.metric));
    row.getCell(3).numFmt = format;
    row.getCell(4).numFmt = format;
    row.getCell(5).numFmt = '0.0%';
    row.commit();
  }
  summary.commit();

  const data = workbook.addWorksheet(t('reports.sheet.data'), { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1, xSplit: 1 }] });
  const labels = spec.labelHeader ? [spec.labelHeader] : [];
  // A week or a month is not closed for a closed day in it: only day and shorter rows are noted.
  const noted = closed.size > 0 && spec.granularity <= GRANULARITIES.day;
  const headers = [
    t(first.key),
    ...labels,
    ...spec.columns.map((c) => (c.unit ? `${metricLabel(spec.lang, c.metric)} (${c.unit})` : metricLabel(spec.lang, c.metric))),
    ...(noted ? [t('reports.sheet.note')] : []),
  ];
  // Formats on the columns, not on each cell: a year of quarter hours is 350,000 rows.
  const formats = [first.numFmt, ...labels.map(() => '@'), ...spec.columns.map((c) => numberFormat(metricDecimals(c.metric))), ...(noted ? ['@'] : [])];
  const styles: Array<Partial<ExcelJS.Style>> = formats.map((numFmt) => ({ numFmt }));
  data.columns = headers.map((h, i) => ({
    width: i === 0 ? 18 : i <= labels.length ? 28 : noted && i === headers.length - 1 ? 24 : Math.min(40, Math.max(12, [...h].length + 2)),
    style: styles[i]!,
  }));
  const headerRow = data.addRow(headers);
  const bold = { font: { bold: true } };
  headerRow.eachCell((cell) => (cell.style = bold));
  headerRow.commit();
  const shared = spec.sharedCellStyles !== false;
  const width = headers.length;
  const name = bucketNamer(bucket);
  const local = shared || byDate ? (ts: number) => new Date(name(ts)) : (ts: number) => wallClock(ts, spec.timeZone);
  return {
    async addRow(r) {
      const note = noted ? [closed.has(businessDate(r.t, spec.timeZone, spec.changeOfDay)) ? t('reports.sheet.closed') : null] : [];
      const row = data.addRow(labels.length ? [local(r.t), r.label ?? '', ...r.values, ...note] : [local(r.t), ...r.values, ...note]);
      if (shared) for (let c = 1; c <= width; c++) row.getCell(c).style = styles[c - 1]!;
      row.commit();
      const full = backedUp(data);
      if (full) await once(full, 'drain');
    },
    async close() {
      data.commit();
      await workbook.commit();
    },
  };
}

/** The whole workbook from rows pulled one by one. */
export async function writeWorkbook(spec: WorkbookSpec & { rows: AsyncIterable<DataRow> | Iterable<DataRow> }, out: Writable): Promise<void> {
  const writer = await openWorkbook(spec, out);
  for await (const r of spec.rows) await writer.addRow(r);
  await writer.close();
}

/**
 * The zip entry's input behind a streamed sheet when it holds more than it should, else null.
 * ExcelJS's sheet stream (a StreamBuf) hands each 64 KB of XML to the zip (archiver, through a
 * PassThrough) without heeding write()'s answer, so rows that come faster than deflate and the file
 * take them would pile up there: a year of quarter hours is ~50 MB of XML. The writer waits for
 * that input to drain, which also gives the event loop a turn (deflate's callbacks, the server's
 * requests) while a long export runs.
 */
function backedUp(sheet: ExcelJS.Worksheet): Writable | null {
  // archiver's PassThrough is readable-stream 2's, which has no writableNeedDrain.
  const input = (sheet as unknown as { stream: { pipes?: Array<Writable & { _writableState?: { needDrain?: boolean } }> } }).stream.pipes?.[0];
  return input && (input.writableNeedDrain ?? input._writableState?.needDrain) ? input : null;
}

/** The workbook as bytes (a report's attachment). */
export async function workbookBytes(spec: WorkbookSpec & { rows: AsyncIterable<DataRow> | Iterable<DataRow> }): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await writeWorkbook(spec, out);
  await ended;
  return Buffer.concat(chunks);
}
