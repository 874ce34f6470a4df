import { describe, expect, it } from 'vitest';
import { checkSalesFileSelection, salesFileTypeMatches, sniffSalesFileType } from './salesFileType.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('checkSalesFileSelection', () => {
  it.each([
    [[], 'noFile'],
    [[{ name: 'a.csv', size: 1 }, { name: 'b.csv', size: 1 }], 'tooManyFiles'],
    [[{ name: 'sales.pdf', size: 1 }], 'invalidFileType'],
    [[{ name: 'sales.csv', size: 10 * 1024 * 1024 + 1 }], 'fileTooLarge'],
    [[{ name: 'sales.CSV', size: 10 * 1024 * 1024 }], null],
    [[{ name: 'ventes.xlsx', size: 10 }], null],
    [[{ name: 'ventes.xls', size: 10 }], null],
  ])('%j → %s', (files, expected) => {
    expect(checkSalesFileSelection(files)).toBe(expected);
  });
});

describe('sniffSalesFileType', () => {
  it.each([
    ['a ZIP package', bytes(0x50, 0x4b, 0x03, 0x04, 1, 2), 'xlsx'],
    ['an OLE2 file', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0), 'xls'],
    ['UTF-8 text', text('R1;2026-01-01T10:00Z;é;1;2,5;EUR\r\n'), 'csv'],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), null],
    ['text with NUL', bytes(0x41, 0, 0x42), null],
  ])('%s', (_name, head, type) => {
    expect(sniffSalesFileType(head)).toBe(type);
  });

  it('wants the content to agree with the name', () => {
    expect(salesFileTypeMatches('sales.csv', bytes(0x50, 0x4b, 0x03, 0x04))).toBeNull();
    expect(salesFileTypeMatches('sales.xlsx', bytes(0x50, 0x4b, 0x03, 0x04))).toBe('xlsx');
  });
});
