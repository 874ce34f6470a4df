import { SALES_FILE_COLUMN_LETTERS, SALES_MAX_LISTED_ERRORS } from './constants.ts';
import { CsvReader } from './csvRecords.ts';
import type { SalesRowError } from './salesRows.ts';

/** The encodings a sales CSV is read in; the import says which one it used. */
export const SALES_TEXT_ENCODINGS = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const;
export type SalesTextEncoding = (typeof SALES_TEXT_ENCODINGS)[number];

/** What the bytes of a text file show: its encoding, or a mix of UTF-8 and single-byte text (refused line by line). */
export type SalesEncodingCheck = { encoding: SalesTextEncoding } | { encoding: 'mixed'; firstUtf8Offset: number; invalidOffsets: number[]; invalidCount: number };

/**
 * Reads a CSV's bytes once, piece by piece, and tells its encoding: a UTF-16 byte order mark, then
 * UTF-8 when every byte sequence is valid UTF-8 (plain ASCII included), Windows-1252 when none of the
 * high bytes forms UTF-8 (older French spreadsheets), and a mix when both kinds are there (a UTF-8
 * BOM or a valid multi-byte sequence beside bytes that are not UTF-8): reading such a file in either
 * encoding would garble some lines, so it is refused with the lines that are not UTF-8.
 */
export class SalesEncodingDetector {
  private offset = 0;
  private need = 0;
  private low = 0x80;
  private high = 0xbf;
  private lead = -1;
  private firstUtf8 = -1;
  private invalid: number[] = [];
  private invalidCount = 0;
  private head: number[] = [];

  push(chunk: Uint8Array): void {
    if (this.offset === 0 && this.head.length < 3) {
      for (let i = 0; i < chunk.length && this.head.length < 3; i++) this.head.push(chunk[i]!);
    }
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      const at = this.offset + i;
      if (this.need === 0) {
        if (b < 0x80) continue;
        this.lead = at;
        if (b >= 0xc2 && b <= 0xdf) this.expect(1, 0x80, 0xbf);
        else if (b === 0xe0) this.expect(2, 0xa0, 0xbf);
        else if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) this.expect(2, 0x80, 0xbf);
        else if (b === 0xed) this.expect(2, 0x80, 0x9f);
        else if (b === 0xf0) this.expect(3, 0x90, 0xbf);
        else if (b >= 0xf1 && b <= 0xf3) this.expect(3, 0x80, 0xbf);
        else if (b === 0xf4) this.expect(3, 0x80, 0x8f);
        else this.fail(at);
        continue;
      }
      if (b < this.low || b > this.high) {
        this.fail(this.lead);
        this.need = 0;
        // The byte that broke the sequence starts over on its own.
        i -= 1;
        if (i < -1) break;
        continue;
      }
      this.low = 0x80;
      this.high = 0xbf;
      if (--this.need === 0 && this.firstUtf8 < 0) this.firstUtf8 = this.lead;
    }
    this.offset += chunk.length;
  }

  end(): SalesEncodingCheck {
    if (this.need > 0) this.fail(this.lead);
    const [a, b, c] = this.head;
    if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le' };
    if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be' };
    if (this.invalidCount === 0) return { encoding: 'utf-8' };
    const bom = a === 0xef && b === 0xbb && c === 0xbf;
    if (bom || this.firstUtf8 >= 0) return { encoding: 'mixed', firstUtf8Offset: bom ? 0 : this.firstUtf8, invalidOffsets: this.invalid, invalidCount: this.invalidCount };
    return { encoding: 'windows-1252' };
  }

  private expect(need: number, low: number, high: number): void {
    this.need = need;
    this.low = low;
    this.high = high;
  }

  private fail(at: number): void {
    this.invalidCount += 1;
    if (this.invalid.length < SALES_MAX_LISTED_ERRORS) this.invalid.push(at);
  }
}

/**
 * A mixed file's lines that are not UTF-8, as row errors (`notUtf8`, the column where the first such
 * byte sits, and in `found` the line that shows the file is UTF-8). The bytes are read as Windows-1252,
 * one character per byte, so a byte's offset is its character's, and the CSV reader gives its line.
 */
export function mixedEncodingErrors(bytes: Uint8Array, check: Extract<SalesEncodingCheck, { encoding: 'mixed' }>): SalesRowError[] {
  const text = new TextDecoder('windows-1252').decode(bytes);
  const positions = (offsets: number[]) => {
    const reader = new CsvReader();
    let from = 0;
    return offsets.map((offset) => {
      reader.push(text.slice(from, offset));
      from = offset;
      return reader.position();
    });
  };
  const [utf8] = positions([check.firstUtf8Offset]);
  const seen = new Set<string>();
  const errors: SalesRowError[] = [];
  for (const { row, field } of positions(check.invalidOffsets)) {
    const column = SALES_FILE_COLUMN_LETTERS[field];
    const key = `${row}:${field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ row, code: 'notUtf8', ...(column ? { column } : {}), found: utf8!.row });
  }
  return errors;
}
