import { describe, expect, it } from 'vitest';
import { fileNameOf, toCsv } from './download.ts';

describe('toCsv', () => {
  it('quotes separators and escapes formula-like cells', () => {
    expect(toCsv([['Zone', 'Value'], ['Hall, north', 12], ['=SUM(A1)', null], ['-3', -3]])).toBe('Zone,Value\r\n"Hall, north",12\r\n\'=SUM(A1),\r\n\'-3,-3');
  });
});

describe('fileNameOf', () => {
  it('keeps letters of any script and digits', () => {
    expect(fileNameOf('Visiteurs — Entrée 2', 'csv')).toBe('visiteurs-entree-2.csv');
    expect(fileNameOf('الزوار', 'png')).toBe('الزوار.png');
    expect(fileNameOf('!!!', 'png')).toBe('widget.png');
  });
});
