import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { type ExportFormat, csvLine, formatDate, metricDefinition } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { messageTexts } from '../../messages/render/messageTexts.ts';
import { retailData } from '../metrics/retailData.service.ts';
import { granularityKey, metricLabel } from '../reports/reportTexts.ts';
import { type DataRow, wallClocks, writeWorkbook } from '../reports/reportWorkbook.ts';

export interface ExportTarget {
  kind: 'zone' | 'passage';
  id: number;
  name: string;
}

export interface ExportSpec {
  installationId: number;
  siteName: string;
  timeZone: string;
  targets: ExportTarget[];
  columns: string[];
  from: number;
  to: number;
  granularity: number;
  format: ExportFormat;
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

/** One target and one chunk at a time through the metrics engine (the call a widget makes), its buckets merged across the columns. */
async function* exportRows(contexts: ExportContexts, spec: ExportSpec): AsyncGenerator<DataRow> {
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
      answers.forEach((a, col) => {
        for (const p of a.series[0]?.points ?? []) {
          if (!p.t) continue;
          const cells = byT.get(p.t.getTime()) ?? spec.columns.map(() => null);
          cells[col] = p.value;
          byT.set(p.t.getTime(), cells);
        }
      });
      for (const t of [...byT.keys()].sort((a, b) => a - b)) yield { t, label: target.name, values: byT.get(t)! };
    }
  }
}

/** The rows as they are written, reporting every PROGRESS_EVERY rows. */
const PROGRESS_EVERY = 5_000;
async function* counted(rows: AsyncGenerator<DataRow>, onRows: ((written: number) => Promise<void>) | undefined): AsyncGenerator<DataRow> {
  let written = 0;
  for await (const row of rows) {
    yield row;
    written += 1;
    if (onRows && written % PROGRESS_EVERY === 0) await onRows(written);
  }
  if (onRows) await onRows(written);
}

/**
 * Writes the export to a temporary file, streamed row by row (never the whole sheet in memory),
 * and returns its bytes; the file is removed. `legacyWriter` writes the XLSX the slower way it was
 * first written (for the benchmark's side-by-side ratio only).
 */
export async function buildExportFile(
  contexts: ExportContexts,
  spec: ExportSpec,
  lang: string,
  onRows?: (written: number) => Promise<void>,
  options: { legacyWriter?: boolean } = {},
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'sitelens-export-'));
  const path = join(dir, 'export');
  try {
    const out = createWriteStream(path);
    const closed = once(out, 'close');
    const t = messageTexts(lang);
    const labelHeader = t(spec.targets[0]?.kind === 'passage' ? 'reports.sheet.passage' : 'reports.sheet.zone');
    const columns = spec.columns.map((metric) => ({ metric, unit: metricDefinition(metric)?.unit ?? null }));
    if (spec.format === 'CSV') {
      out.write('\uFEFF');
      const header = [t('reports.sheet.start'), labelHeader, ...columns.map((c) => (c.unit ? `${metricLabel(lang, c.metric)} (${c.unit})` : metricLabel(lang, c.metric)))];
      out.write(`${csvLine(header)}\r\n`);
      const clock = wallClocks(spec.timeZone);
      for await (const row of counted(exportRows(contexts, spec), onRows)) {
        const local = clock(row.t).toISOString().slice(0, 16).replace('T', ' ');
        if (!out.write(`${csvLine([local, row.label ?? '', ...row.values])}\r\n`)) await once(out, 'drain');
      }
      out.end();
    } else {
      await writeWorkbook(
        {
          lang,
          title: t('reports.export.heading'),
          siteName: spec.siteName,
          zoneName: spec.targets.map((z) => z.name).join(', '),
          timeZone: spec.timeZone,
          from: spec.from,
          to: spec.to,
          granularityLabel: t(granularityKey(spec.granularity)),
          summary: [],
          columns,
          labelHeader,
          rows: counted(exportRows(contexts, spec), onRows),
          sharedCellStyles: !options.legacyWriter,
        },
        out,
      );
    }
    await closed;
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const exportPeriodLabel = (spec: Pick<ExportSpec, 'from' | 'to' | 'timeZone'>) => ({
  from: formatDate(spec.from, { format: 'DD/MM/YYYY', tz: spec.timeZone, withTime: true }),
  to: formatDate(spec.to, { format: 'DD/MM/YYYY', tz: spec.timeZone, withTime: true }),
});
