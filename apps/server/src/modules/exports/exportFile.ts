import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type ExportFormat, bucketLabel, bucketNamer, bucketStarts, conjunctionList, csvLine, metricDefinition } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { messageTexts } from '../../messages/render/messageTexts.ts';
import { retailData } from '../metrics/retailData.service.ts';
import { inBackgroundSlice } from '../metrics/run/engineTurns.ts';
import { granularityKey, metricLabel } from '../reports/reportTexts.ts';
import { type DataRow, type WorkbookWriter, openWorkbook } from '../reports/reportWorkbook.ts';

export interface ExportTarget {
  kind: 'zone' | 'passage';
  id: number;
  name: string;
}

export interface ExportSpec {
  installationId: number;
  siteName: string;
  timeZone: string;
  /** The site's change-of-day time: the period and day rows are named by its business days. */
  changeOfDay: string;
  targets: ExportTarget[];
  columns: string[];
  from: number;
  to: number;
  granularity: number;
  format: ExportFormat;
  /** The data type asked ('counting' or a metric id), named on the summary sheet. */
  dataType?: string;
}

/**
 * Buckets per engine call (its MAX_BUCKETS is 10,000): longer sub-day ranges are read in chunks.
 * 2,000 (about 3 weeks at 15 minutes) rather than 9,000 costs no time on a year and keeps less
 * alive while the writer waits for the zip: +151 MB instead of +198 MB at the first export of a
 * process (docs/benchmarks.md, 2026-11-28 exports).
 */
const CHUNK_BUCKETS = 2_000;

/** [from, to) in chunks of whole buckets: a sub-day bucket lasts the same at any instant, so chunk edges stay bucket edges. */
function chunks(from: number, to: number, granularity: number): Array<[number, number]> {
  if (granularity >= 86_400) return [[from, to]];
  const step = CHUNK_BUCKETS * granularity * 1000;
  const out: Array<[number, number]> = [];
  for (let a = from; a < to; a += step) out.push([a, Math.min(to, a + step)]);
  return out;
}

/**
 * A context for one engine call of the export: each chunk gets its own, so that the per-call engine
 * budget (API_POINTS_PER_CALL, made for one GraphQL call) bounds a chunk, not the whole file.
 */
export type ExportContexts = () => Context;

/**
 * One target and one chunk at a time through the metrics engine (the call a widget makes), its
 * buckets merged across the columns: every bucket of the period is a row, with no value where the
 * engine has none (a day without data is a row, not a gap). Yields each chunk's rows.
 */
async function* exportChunks(contexts: ExportContexts, spec: ExportSpec): AsyncGenerator<DataRow[]> {
  for (const target of spec.targets) {
    for (const [from, to] of chunks(spec.from, spec.to, spec.granularity)) {
      const ctx = contexts();
      const filters = { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(from), dateEnd: new Date(to) }] };
      const answers = await Promise.all(
        spec.columns.map((metric) =>
          retailData(ctx, { installationId: spec.installationId, metric, granularity: spec.granularity, filters, target: { kind: target.kind, ids: [target.id] } }),
        ),
      );
      const byT = new Map<number, Array<number | null>>();
      for (const t of bucketStarts(from, to, { granularity: spec.granularity, tz: spec.timeZone, changeOfDay: spec.changeOfDay })) byT.set(t, spec.columns.map(() => null));
      answers.forEach((a, col) => {
        for (const p of a.series[0]?.points ?? []) {
          if (!p.t) continue;
          const cells = byT.get(p.t.getTime()) ?? spec.columns.map(() => null);
          cells[col] = p.value;
          byT.set(p.t.getTime(), cells);
        }
      });
      yield [...byT.keys()].sort((a, b) => a - b).map((t) => ({ t, label: target.name, values: byT.get(t)! }));
    }
  }
}

/** Rows written between two progress reports. */
const PROGRESS_EVERY = 5_000;

/** One language's file being written: rows go in, the file's bytes come out. */
interface FileSink {
  addRow(row: DataRow): Promise<void>;
  finish(): Promise<Buffer>;
  /** Closes the file unfinished (the export failed). */
  abandon(): void;
}

function headerOf(lang: string, spec: ExportSpec) {
  const t = messageTexts(lang);
  const labelHeader = t(spec.targets[0]?.kind === 'passage' ? 'reports.sheet.passage' : 'reports.sheet.zone');
  const columns = spec.columns.map((metric) => ({ metric, unit: metricDefinition(metric)?.unit ?? null }));
  return { t, labelHeader, columns };
}

/** The name of what the file holds: its metric, or entries and exits for counting. */
export const exportDataLabel = (lang: string, dataType: string | undefined, columns: string[]) =>
  dataType && dataType !== 'counting' ? metricLabel(lang, dataType) : conjunctionList(
    lang,
    columns.map((c) => metricLabel(lang, c)),
  );

async function openSink(dir: string, lang: string, spec: ExportSpec, legacyWriter: boolean): Promise<FileSink> {
  const path = join(dir, `export-${lang}`);
  const out: Writable = createWriteStream(path);
  const closed = once(out, 'close');
  const { t, labelHeader, columns } = headerOf(lang, spec);
  let addRow: (row: DataRow) => Promise<void>;
  let close: () => Promise<void>;
  if (spec.format === 'CSV') {
    out.write('\uFEFF');
    const first = t({ 86400: 'reports.sheet.day', 604800: 'reports.sheet.week', 2592000: 'reports.sheet.month' }[spec.granularity] ?? 'reports.sheet.start');
    out.write(`${csvLine([first, labelHeader, ...columns.map((c) => (c.unit ? `${metricLabel(lang, c.metric)} (${c.unit})` : metricLabel(lang, c.metric)))])}\r\n`);
    const name = bucketNamer({ granularity: spec.granularity, tz: spec.timeZone, changeOfDay: spec.changeOfDay });
    addRow = async (row) => {
      if (!out.write(`${csvLine([bucketLabel(name(row.t), spec.granularity), row.label ?? '', ...row.values])}\r\n`)) await once(out, 'drain');
    };
    close = async () => void out.end();
  } else {
    const writer: WorkbookWriter = await openWorkbook(
      {
        lang,
        title: t('reports.export.heading'),
        siteName: spec.siteName,
        zoneName: conjunctionList(
          lang,
          spec.targets.map((z) => z.name),
        ),
        timeZone: spec.timeZone,
        changeOfDay: spec.changeOfDay,
        from: spec.from,
        to: spec.to,
        granularity: spec.granularity,
        granularityLabel: t(granularityKey(spec.granularity)),
        dataLabel: exportDataLabel(lang, spec.dataType, spec.columns),
        summary: [],
        columns,
        labelHeader,
        sharedCellStyles: !legacyWriter,
      },
      out,
    );
    addRow = (row) => writer.addRow(row);
    close = () => writer.close();
  }
  return {
    addRow,
    async finish() {
      await close();
      await closed;
      return readFile(path);
    },
    abandon: () => void out.destroy(),
  };
}

/**
 * Builds an export once for all its languages: its rows are read through the metrics engine once
 * and each row is written to one file per language (temporary files, streamed row by row, never a
 * whole sheet in memory), whose language-dependent parts are the sheet and column names only.
 * Returns each language's bytes and the rows written per file. `legacyWriter` writes the XLSX the
 * slower way it was first written (for the benchmark's side-by-side ratio only).
 */
export async function buildExportFiles(
  contexts: ExportContexts,
  spec: ExportSpec,
  langs: readonly string[],
  onRows?: (written: number) => Promise<void>,
  options: { legacyWriter?: boolean } = {},
): Promise<{ files: Map<string, Buffer>; rows: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'sitelens-export-'));
  const sinks: FileSink[] = [];
  try {
    for (const lang of langs) sinks.push(await openSink(dir, lang, spec, options.legacyWriter ?? false));
    let rows = 0;
    const writing = contexts();
    for await (const chunk of exportChunks(contexts, spec)) {
      // In a job, writing a chunk's rows is a slice of background work too: a person's call goes first.
      await inBackgroundSlice(writing, async () => {
        for (const row of chunk) {
          for (const sink of sinks) await sink.addRow(row);
          rows += 1;
          if (onRows && rows % PROGRESS_EVERY === 0) await onRows(rows);
        }
      });
    }
    if (onRows) await onRows(rows);
    const files = new Map<string, Buffer>();
    for (const [i, sink] of sinks.entries()) files.set(langs[i]!, await sink.finish());
    return { files, rows };
  } finally {
    for (const sink of sinks) sink.abandon();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One language's file (the benchmark's single-file export). */
export async function buildExportFile(contexts: ExportContexts, spec: ExportSpec, lang: string, onRows?: (written: number) => Promise<void>, options: { legacyWriter?: boolean } = {}): Promise<Buffer> {
  return (await buildExportFiles(contexts, spec, [lang], onRows, options)).files.get(lang)!;
}
