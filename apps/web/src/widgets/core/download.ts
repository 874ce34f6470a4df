import { saveUrl } from '../../shared/files/saveUrl.ts';

/** Quotes a CSV cell; cells a spreadsheet would run as a formula (= + - @) get a leading apostrophe. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Array<Array<string | number | null>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

export function saveCsv(rows: Array<Array<string | number | null>>, fileName: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
