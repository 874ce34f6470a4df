import { describe, expect, it } from 'vitest';
import { BinaryCopy } from './copyFormat.ts';

/** Reads COPY's binary format back: each row's fields as bytes (null for a NULL field). */
async function fieldsOf(blob: Blob): Promise<Array<Array<Uint8Array | null>>> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const view = new DataView(bytes.buffer);
  expect(new TextDecoder().decode(bytes.subarray(0, 6))).toBe('PGCOPY');
  let at = 19;
  const rows: Array<Array<Uint8Array | null>> = [];
  for (let count = view.getInt16(at); count !== -1; count = view.getInt16(at)) {
    at += 2;
    const row: Array<Uint8Array | null> = [];
    for (let f = 0; f < count; f++) {
      const length = view.getInt32(at);
      at += 4;
      row.push(length < 0 ? null : bytes.slice(at, at + length));
      at += Math.max(length, 0);
    }
    rows.push(row);
  }
  expect(at + 2).toBe(bytes.length);
  return rows;
}

describe('BinaryCopy', () => {
  it('writes texts as UTF-8, the same past its cache of repeated values as within it, and NULLs', async () => {
    const texts = Array.from({ length: 10_050 }, (_, i) => (i % 3 === 0 ? `reçu-${i}-€` : i % 3 === 1 ? `T${i}` : `🧾${i}`));
    const copy = new BinaryCopy(1, 4); // too small on purpose: it grows as rows come
    for (const text of texts) copy.row(3).text(text).text('zone').null();
    const rows = await fieldsOf(copy.blob());
    const decoder = new TextDecoder();
    expect(rows.map((r) => decoder.decode(r[0]!))).toEqual(texts);
    expect(rows.every((r) => decoder.decode(r[1]!) === 'zone' && r[2] === null)).toBe(true);
  });
});
