import { describe, expect, it } from 'vitest';
import { type SalesCell, SalesFileChecker, checkSalesRow, salesCellOfSheetJs } from './salesRows.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const good: SalesCell[] = ['R-1', '2026-02-27T10:15:00+01:00', 'LDN-214', '3', '59.90', 'EUR'];
const withCell = (i: number, cell: SalesCell) => good.map((c, j) => (j === i ? cell : c));

describe('checkSalesRow', () => {
  it('accepts a good line and reads it', () => {
    expect(checkSalesRow(good, 4, { now: NOW })).toEqual({
      row: { row: 4, receiptId: 'R-1', ts: Date.parse('2026-02-27T09:15:00Z'), shopId: 'LDN-214', numItems: 3, turnover: 59.9, currency: 'EUR' },
    });
  });

  it.each<[string, SalesCell[], object[]]>([
    ['five columns', good.slice(0, 5), [{ code: 'columnCount', found: 5 }]],
    ['seven columns', [...good, 'x'], [{ code: 'columnCount', found: 7 }]],
    ['empty receipt id', withCell(0, ' '), [{ column: 'A', code: 'empty' }]],
    ['receipt id too long', withCell(0, 'x'.repeat(65)), [{ column: 'A', code: 'tooLong' }]],
    ['date without time', withCell(1, '2026-02-27'), [{ column: 'B', code: 'invalidDate' }]],
    ['impossible date', withCell(1, '2026-02-30T10:00:00Z'), [{ column: 'B', code: 'invalidDate' }]],
    ['date without offset', withCell(1, '2026-02-27T10:00:00'), [{ column: 'B', code: 'dateWithoutZone' }]],
    ['unknown zone', withCell(1, '2026-02-27T10:00:00[Mars/Olympus]'), [{ column: 'B', code: 'unknownTimeZone' }]],
    ['a spreadsheet date cell', withCell(1, { kind: 'dateCell' }), [{ column: 'B', code: 'dateCell' }]],
    ['a date two days ahead', withCell(1, '2026-03-03T12:00:00Z'), [{ column: 'B', code: 'dateInFuture' }]],
    ['empty shop id', withCell(2, null), [{ column: 'C', code: 'empty' }]],
    ['items not numeric', withCell(3, 'three'), [{ column: 'D', code: 'notNumeric' }]],
    ['turnover with thousands separator', withCell(4, '1 059.90'), [{ column: 'E', code: 'notNumeric' }]],
    ['a turnover of 1.5e308', withCell(4, 1.5e308), [{ column: 'E', code: 'outOfRange' }]],
    ['ten billion items', withCell(3, '10000000000'), [{ column: 'D', code: 'outOfRange' }]],
    ['empty turnover', withCell(4, ''), [{ column: 'E', code: 'empty' }]],
    ['unknown currency', withCell(5, 'EURO'), [{ column: 'F', code: 'unknownCurrency' }]],
    ['a formula cell', withCell(4, { kind: 'formula' }), [{ column: 'E', code: 'formula' }]],
    ['a formula typed as text', withCell(0, '=HYPERLINK("x")'), [{ column: 'A', code: 'formula' }]],
    ['several problems at once', ['', 'soon', 'S1', 'x', '1', 'ZZZ'], [
      { column: 'A', code: 'empty' },
      { column: 'B', code: 'invalidDate' },
      { column: 'D', code: 'notNumeric' },
      { column: 'F', code: 'unknownCurrency' },
    ]],
  ])('%s', (_name, cells, expected) => {
    const result = checkSalesRow(cells, 7, { now: NOW });
    expect(result).toEqual({ errors: expected.map((e) => ({ row: 7, ...e })) });
  });

  it.each<[SalesCell, number]>([
    ['12,5', 12.5],
    ['-3.25', -3.25],
    [' 42 ', 42],
    [7, 7],
  ])('reads the number %j', (cell, value) => {
    const result = checkSalesRow(withCell(4, cell), 1, { now: NOW });
    expect('row' in result && result.row.turnover).toBe(value);
  });

  it('takes lower-case currencies, numeric ids and trailing empty columns', () => {
    const result = checkSalesRow([1001, '2026-02-27T10:15:00Z', 214, 2, 10, 'gbp', '', null], 3, { now: NOW });
    expect(result).toEqual({ row: expect.objectContaining({ receiptId: '1001', shopId: '214', currency: 'GBP' }) });
  });

  it('tells a header row on the first line, and only there', () => {
    const header = ['Receipt', 'Date', 'Shop', 'Items', 'Turnover', 'Currency'];
    expect(checkSalesRow(header, 1, { now: NOW })).toEqual({ errors: [{ row: 1, code: 'headerRow' }] });
    expect(checkSalesRow(header, 2, { now: NOW })).toEqual({ errors: expect.arrayContaining([{ row: 2, column: 'B', code: 'invalidDate' }]) });
  });
});

describe('SalesFileChecker', () => {
  it('skips blank lines, refuses a receipt repeated in the file, and counts', () => {
    const checker = new SalesFileChecker({ now: NOW });
    expect(checker.check(good, 1)).not.toBeNull();
    expect(checker.check(['', null, '', '', '', ''], 2)).toBeNull();
    expect(checker.check(good, 3)).toBeNull();
    expect(checker.check(withCell(2, 'OTHER'), 4)).not.toBeNull();
    const refused = checker.check(withCell(0, 'R-9'), 5)!;
    checker.refuse([{ row: refused.row, column: 'C', code: 'unknownShop' }]);
    expect(checker.report).toEqual({
      rowsRead: 4,
      rowsAccepted: 2,
      errorCount: 2,
      errors: [
        { row: 3, column: 'A', code: 'duplicateReceipt', found: 1 },
        { row: 5, column: 'C', code: 'unknownShop' },
      ],
    });
  });
});

describe('salesCellOfSheetJs', () => {
  it.each([
    [{ t: 'n', v: 4, f: 'B1*2' }, { kind: 'formula' }],
    [{ t: 'n', v: 12.5 }, 12.5],
    [{ t: 's', v: 'R-1' }, 'R-1'],
    [{ t: 'd', v: new Date(0) }, { kind: 'dateCell' }],
    [{ t: 'b', v: true }, 'TRUE'],
    [{ t: 'e', v: 42, w: '#N/A' }, '#N/A'],
    [{ t: 'z' }, null],
    [undefined, null],
  ])('%j', (cell, expected) => {
    expect(salesCellOfSheetJs(cell)).toEqual(expected);
  });
});
