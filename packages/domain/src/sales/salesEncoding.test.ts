import { describe, expect, it } from 'vitest';
import { SalesEncodingDetector, mixedEncodingErrors } from './salesEncoding.ts';
import { salesReceiptKey } from './salesReceiptKey.ts';

const detect = (...chunks: Uint8Array[]) => {
  const detector = new SalesEncodingDetector();
  for (const chunk of chunks) detector.push(chunk);
  return detector.end();
};
const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('SalesEncodingDetector', () => {
  it('tells UTF-8 (ASCII included), Windows-1252 and UTF-16 by their bytes, whatever the pieces', () => {
    expect(detect(utf8('R-1,plain ASCII\r\n'))).toEqual({ encoding: 'utf-8' });
    const text = utf8('Café,Crème,日本,😀\r\n');
    // Cut inside each multi-byte sequence.
    expect(detect(...Array.from(text, (b) => new Uint8Array([b])))).toEqual({ encoding: 'utf-8' });
    expect(detect(latin1('Café;Crème\r\n'))).toEqual({ encoding: 'windows-1252' });
    expect(detect(new Uint8Array([0xff, 0xfe, 0x52, 0x00]))).toEqual({ encoding: 'utf-16le' });
    expect(detect(new Uint8Array([0xfe, 0xff, 0x00, 0x52]))).toEqual({ encoding: 'utf-16be' });
  });

  it('calls a mix what it is, with the lines and columns that are not UTF-8', () => {
    const bytes = new Uint8Array([...utf8('\uFEFFA-1,Café\r\n'), ...latin1('"B\r\n2",Th\u00e9\r\n'), ...utf8('C-3,ok\r\n'), ...latin1('D-4,x,\u00e9\u00e9\r\n')]);
    const check = detect(bytes);
    expect(check).toMatchObject({ encoding: 'mixed', firstUtf8Offset: 0, invalidCount: 3 });
    // The quoted line break keeps line 2 one record; both bytes of line 4 sit in column C.
    expect(mixedEncodingErrors(bytes, check as Extract<typeof check, { encoding: 'mixed' }>)).toEqual([
      { row: 2, column: 'B', code: 'notUtf8', found: 1 },
      { row: 4, column: 'C', code: 'notUtf8', found: 1 },
    ]);
  });
});

describe('salesReceiptKey', () => {
  it('gives a receipt the same key whatever encoding its file was read in', () => {
    const garbled = (text: string) => new TextDecoder('windows-1252').decode(utf8(text));
    expect(salesReceiptKey(garbled('Café-7'))).toBe('Café-7');
    expect(salesReceiptKey(garbled('\uFEFFR-1'))).toBe('R-1');
    expect(salesReceiptKey('Cafe\u0301-7')).toBe('Café-7');
    expect(salesReceiptKey('R-\u00011')).toBe('R-1');
    // Text that was not garbled stays as it is.
    expect(salesReceiptKey('Café-7')).toBe('Café-7');
    expect(salesReceiptKey('Ã')).toBe('Ã');
  });
});
