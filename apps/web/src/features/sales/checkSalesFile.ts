import {
  CsvReader,
  SalesEncodingDetector,
  SalesFileChecker,
  type SalesCell,
  type SalesFileReport,
  type SalesFileType,
  type SalesTextEncoding,
  UploadLimitError,
  mixedEncodingErrors,
  salesCellOfSheetJs,
  salesFileTypeMatches,
  type SheetJsCellLike,
  workbookSalesCells,
  xlsxSalesLines,
} from '@sitelens/domain';

/** Why the pre-check refuses a file before any line is listed (sales.import.clientErrors.<reason>). */
export type SalesFileRefusal = 'invalidFileType' | 'unreadable' | 'emptyFile' | 'tooComplex';

/** The pre-check's answer: the file's kind, the encoding of a CSV, and the lines the server would refuse by the file rules. */
export type SalesFileCheck = { ok: true; type: SalesFileType; encoding: SalesTextEncoding | null; report: SalesFileReport } | { ok: false; reason: SalesFileRefusal };

/**
 * Runs the import's file rules in the browser (packages/domain, the same the server runs) on a
 * chosen file: its kind by name and content, then every line. A CSV's encoding is read from its
 * bytes as on the server (a mix of UTF-8 and Windows-1252 lists its lines); an XLSX goes through the
 * domain's streaming reader within the same workbook limits as the server (a zip bomb is refused,
 * not unpacked); an XLS through SheetJS, loaded only then. The page runs this in a Web Worker with a
 * time limit (checkSalesFileOffThread), so nothing here holds the page. Shop ids and exchange rates
 * are the server's to check.
 */
export async function checkSalesFile(file: File, now: number): Promise<SalesFileCheck> {
  const checker = new SalesFileChecker({ now });
  let type: SalesFileType | null;
  let encoding: SalesTextEncoding | null = null;
  try {
    if (file.size === 0) return { ok: false, reason: 'emptyFile' };
    type = salesFileTypeMatches(file.name, new Uint8Array(await file.slice(0, 4096).arrayBuffer()));
    if (!type) return { ok: false, reason: 'invalidFileType' };
    const bytes = new Uint8Array(await file.arrayBuffer());
    let lines: AsyncIterable<ReadonlyArray<{ row: number; cells: SalesCell[] }>> | Iterable<ReadonlyArray<{ row: number; cells: SalesCell[] }>>;
    if (type === 'csv') {
      const detector = new SalesEncodingDetector();
      detector.push(bytes);
      const check = detector.end();
      if (check.encoding === 'mixed') return { ok: true, type, encoding: null, report: { rowsRead: 0, rowsAccepted: 0, errorCount: check.invalidCount, errors: mixedEncodingErrors(bytes, check) } };
      encoding = check.encoding;
      lines = csvLines(bytes, encoding);
    } else if (type === 'xlsx') lines = xlsxSalesLines(bytes);
    else lines = await xlsLines(bytes);
    for await (const batch of lines) for (const line of batch) checker.check(line.cells, line.row);
  } catch (error) {
    // Past the workbook limits: a file no sales export makes (a zip bomb among them).
    if (error instanceof UploadLimitError) return { ok: false, reason: 'tooComplex' };
    // Moved or deleted since it was chosen, no right to read it, or a workbook that does not open.
    return { ok: false, reason: 'unreadable' };
  }
  if (checker.report.rowsRead === 0) return { ok: false, reason: 'emptyFile' };
  return { ok: true, type, encoding, report: checker.report };
}

const PIECE = 256 * 1024;

function* csvLines(bytes: Uint8Array, encoding: SalesTextEncoding): Generator<Array<{ row: number; cells: SalesCell[] }>> {
  const decoder = new TextDecoder(encoding);
  const reader = new CsvReader();
  const lineOf = (record: { row: number; fields: string[] }) => ({ row: record.row, cells: record.fields });
  for (let at = 0; at < bytes.length; at += PIECE) yield reader.push(decoder.decode(bytes.subarray(at, at + PIECE), { stream: true })).map(lineOf);
  yield [...reader.push(decoder.decode()), ...reader.end()].map(lineOf);
}

async function xlsLines(bytes: Uint8Array): Promise<Array<Array<{ row: number; cells: SalesCell[] }>>> {
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.read(bytes, { type: 'array', cellFormula: true, cellDates: true, dense: true, sheets: 0 });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  const rows = (sheet as unknown as { '!data'?: Array<Array<SheetJsCellLike | undefined> | undefined> } | undefined)?.['!data'] ?? [];
  const lines: Array<{ row: number; cells: SalesCell[] }> = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row) lines.push({ row: r + 1, cells: workbookSalesCells(Array.from(row, (cell) => salesCellOfSheetJs(cell))) });
  }
  return [lines];
}
