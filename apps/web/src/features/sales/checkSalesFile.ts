import {
  CsvReader,
  SalesFileChecker,
  type SalesCell,
  type SalesFileReport,
  type SalesFileType,
  salesCellOfSheetJs,
  salesFileTypeMatches,
  type SheetJsCellLike,
  workbookSalesCells,
} from '@sitelens/domain';

/** The pre-check's answer: the file's kind and the lines the server would refuse by the file rules. */
export type SalesFileCheck = { ok: true; type: SalesFileType; report: SalesFileReport } | { ok: false; reason: 'invalidFileType' | 'unreadable' };

/**
 * Runs the import's file rules in the browser (packages/domain, the same the server runs) on a
 * chosen file: its kind by name and content, then every line. CSV is read as a stream; a workbook
 * is read with SheetJS, loaded only when one is chosen. Shop ids and exchange rates are the
 * server's to check.
 */
export async function checkSalesFile(file: File, now: number): Promise<SalesFileCheck> {
  const checker = new SalesFileChecker({ now });
  let type: SalesFileType | null;
  try {
    type = salesFileTypeMatches(file.name, new Uint8Array(await file.slice(0, 4096).arrayBuffer()));
    if (!type) return { ok: false, reason: 'invalidFileType' };
    for await (const [row, cells] of type === 'csv' ? csvLines(file) : workbookLines(file)) checker.check(cells, row);
  } catch {
    // Moved or deleted since it was chosen, no right to read it, or a workbook that does not open.
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, type, report: checker.report };
}

async function* csvLines(file: File): AsyncGenerator<[number, SalesCell[]]> {
  // UTF-8 unless the bytes say otherwise (older French spreadsheets save Windows-1252), as on the server.
  const encoding = (await isUtf8(file)) ? 'utf-8' : 'windows-1252';
  const decoder = new TextDecoder(encoding);
  const reader = new CsvReader();
  for await (const chunk of chunksOf(file)) {
    for (const record of reader.push(decoder.decode(chunk, { stream: true }))) yield [record.row, record.fields];
    // Let the page breathe between pieces of a large file.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  for (const record of [...reader.push(decoder.decode()), ...reader.end()]) yield [record.row, record.fields];
}

async function* chunksOf(file: Blob): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

async function isUtf8(file: Blob): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunksOf(file)) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

async function* workbookLines(file: File): AsyncGenerator<[number, SalesCell[]]> {
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array', cellFormula: true, cellDates: true, dense: true });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  const rows = ((sheet as unknown as { '!data'?: Array<Array<SheetJsCellLike | undefined> | undefined> } | undefined)?.['!data']) ?? [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row) yield [r + 1, workbookSalesCells(Array.from(row, (cell) => salesCellOfSheetJs(cell)))];
  }
}
