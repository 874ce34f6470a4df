import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../../../server/src/uploads/zipBombs.test-support.ts';
import { checkSalesFile } from './checkSalesFile.ts';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const good = ['R-1', '2026-03-01T10:05:00+01:00', 'LYO-011', '2', '30.50', 'EUR'];

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8', name: string): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sales');
  return new File([XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer], name);
}

describe('checkSalesFile (the browser pre-check)', () => {
  it('passes a good CSV and lists the bad lines of another, semicolons and Windows-1252 included', async () => {
    expect(await checkSalesFile(new File([`${good.join(',')}\n`], 'ok.csv'), NOW)).toEqual({ ok: true, type: 'csv', encoding: 'utf-8', report: { rowsRead: 1, rowsAccepted: 1, errorCount: 0, errors: [] } });
    const latin1 = new Uint8Array([...new TextEncoder().encode('R-2;2026-03-01T10:05:00Z;Caf'), 0xe9, ...new TextEncoder().encode(';1;abc;EUR\r\n')]);
    const bad = new File([`${good.join(';')}\r\n`, latin1, 'R-3;2026-03-01;LYO-011;1;2,5;EUR\r\n'], 'bad.csv');
    const check = await checkSalesFile(bad, NOW);
    expect(check).toEqual({
      ok: true,
      type: 'csv',
      encoding: 'windows-1252',
      report: {
        rowsRead: 3,
        rowsAccepted: 1,
        errorCount: 2,
        errors: [
          { row: 2, column: 'E', code: 'notNumeric' },
          { row: 3, column: 'B', code: 'invalidDate' },
        ],
      },
    });
  });

  it('reads XLSX and XLS workbooks with the same rules; last cells left empty are empty values, a seventh column is one too many', async () => {
    for (const [type, name] of [['xlsx', 'sales.xlsx'], ['biff8', 'sales.xls']] as const) {
      const rows = [good, ['R-2', '2026-03-01T10:05:00Z', 'LYO-011', 1], ['R-3', ...good.slice(1), 'x']];
      const check = await checkSalesFile(workbook(rows, type, name), NOW);
      expect(check).toMatchObject({
        ok: true,
        report: {
          rowsRead: 3,
          rowsAccepted: 1,
          errors: [
            { row: 2, column: 'E', code: 'empty' },
            { row: 2, column: 'F', code: 'empty' },
            { row: 3, code: 'columnCount', found: 7 },
          ],
        },
      });
    }
  });

  it('lists the lines that are not UTF-8 in a UTF-8 file, as the server does (issue 29, item 12)', async () => {
    const utf8 = new TextEncoder().encode(`\uFEFF${good.join(',')}\r\n`);
    const latin1 = new Uint8Array([...new TextEncoder().encode('R-2,2026-03-01T10:05:00Z,Caf'), 0xe9, ...new TextEncoder().encode(',1,2,EUR\r\n')]);
    expect(await checkSalesFile(new File([utf8, latin1], 'mixed.csv'), NOW)).toEqual({
      ok: true,
      type: 'csv',
      encoding: null,
      report: { rowsRead: 0, rowsAccepted: 0, errorCount: 1, errors: [{ row: 2, column: 'C', code: 'notUtf8', found: 1 }] },
    });
  });

  it('refuses an empty file (0 bytes, or blank lines only) with its own reason, not an empty list of problems', async () => {
    expect(await checkSalesFile(new File([], 'empty.csv'), NOW)).toEqual({ ok: false, reason: 'emptyFile' });
    expect(await checkSalesFile(new File(['\r\n,,,\r\n'], 'blank.csv'), NOW)).toEqual({ ok: false, reason: 'emptyFile' });
    expect(await checkSalesFile(workbook([], 'xlsx', 'empty.xlsx'), NOW)).toEqual({ ok: false, reason: 'emptyFile' });
  });

  it('refuses a spreadsheet bomb within the server’s workbook limits instead of unpacking it (issue 28)', async () => {
    for (const kind of ['declared', 'lying', 'strings'] as const) {
      const bomb = xlsxBomb(kind, kind === 'strings' ? 40 * 1024 * 1024 : 1536 * 1024 * 1024);
      expect(await checkSalesFile(new File([bomb as BlobPart], `${kind}.xlsx`), NOW)).toEqual({ ok: false, reason: 'tooComplex' });
    }
  });

  it('refuses a file whose content is not its kind', async () => {
    expect(await checkSalesFile(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1])], 'photo.csv'), NOW)).toEqual({ ok: false, reason: 'invalidFileType' });
    expect(await checkSalesFile(new File(['PK\u0003\u0004 broken'], 'broken.xlsx'), NOW)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('answers "unreadable" for a file the browser cannot read (moved or deleted since it was chosen)', async () => {
    // What the browser does then: every read of the file fails with NotReadableError.
    const gone = () => Promise.reject(new DOMException('The file could not be read', 'NotReadableError'));
    class MovedFile extends File {
      override slice(): Blob {
        return Object.assign(new Blob([]), { arrayBuffer: gone });
      }
    }
    expect(await checkSalesFile(new MovedFile([`${good.join(',')}\n`], 'sales.csv'), NOW)).toEqual({ ok: false, reason: 'unreadable' });
  });
});
