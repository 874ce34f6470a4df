import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';

/** The GraphQL multipart request of the import, as a browser sends it (spec: graphql-multipart-request-spec). */
export async function uploadSalesFile(base: string, token: string | null, file: { name: string; bytes: Uint8Array | string; type?: string }, extra: { uploaderDateTime?: string; uploaderTimezone?: string } = {}) {
  const operations = {
    query: `mutation($input: ImportSalesMetricsInput!) { importSalesMetricsCsv(input: $input) { id fileUrl fileName encoding rowsRead rowsImported rowsRefused receiptsReplaced errorCount errors { row column code found } } }`,
    variables: { input: { file: null, uploaderDateTime: extra.uploaderDateTime ?? '2026-03-02T09:30:00', uploaderTimezone: extra.uploaderTimezone ?? 'Europe/Paris' } },
  };
  const form = new FormData();
  form.append('operations', JSON.stringify(operations));
  form.append('map', JSON.stringify({ 0: ['variables.input.file'] }));
  form.append('0', new Blob([file.bytes as BlobPart], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${base}/graphql`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  const body = (await res.json()) as { data?: { importSalesMetricsCsv: any }; errors?: Array<{ message: string; extensions?: { code?: string } & Record<string, any> }> };
  return { status: res.status, ...body };
}

export type Cell = string | number | Date | { formula: string } | null;

export const csvOf = (rows: Cell[][], delimiter = ',') => rows.map((r) => r.map((c) => (c === null ? '' : String(c))).join(delimiter)).join('\r\n') + '\r\n';

/** An XLSX workbook written by ExcelJS, first sheet the rows. */
export async function xlsxOf(rows: Cell[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sales');
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell === null) return;
      const target = sheet.getCell(r + 1, c + 1);
      if (typeof cell === 'object' && !(cell instanceof Date)) target.value = { formula: cell.formula, result: 0 } as ExcelJS.CellFormulaValue;
      else target.value = cell;
      if (cell instanceof Date) target.numFmt = 'yyyy-mm-dd hh:mm';
    }),
  );
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** An XLS (BIFF8) workbook written by SheetJS. */
export function xlsOf(rows: Cell[][]): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((cell) => (cell !== null && typeof cell === 'object' && !(cell instanceof Date) ? { t: 'n', v: 0, f: cell.formula } : cell))), { cellDates: true });
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Sales');
  return new Uint8Array(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer);
}
