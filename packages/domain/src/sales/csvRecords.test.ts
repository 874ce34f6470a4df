import { describe, expect, it } from 'vitest';
import { CsvReader, csvRecords } from './csvRecords.ts';

const read = (pieces: string[]) => {
  const reader = new CsvReader();
  const out = pieces.flatMap((p) => reader.push(p));
  return [...out, ...reader.end()].map((r) => [r.row, r.fields] as const);
};

describe('CsvReader', () => {
  it.each([
    ['commas, LF', ['a,b,c\n1,2,3\n'], [[1, ['a', 'b', 'c']], [2, ['1', '2', '3']]]],
    ['semicolons, CRLF, no final break', ['a;b;1,5\r\nc;d;2,5'], [[1, ['a', 'b', '1,5']], [2, ['c', 'd', '2,5']]]],
    ['tabs and CR alone', ['a\tb\rc\td\r'], [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['quoted delimiters, breaks and quotes', ['"a,1";"say ""hi""";"two\nlines"\nx;y;z\n'], [[1, ['a,1', 'say "hi"', 'two\nlines']], [2, ['x', 'y', 'z']]]],
    ['a byte-order mark and an empty last field', ['\uFEFFa,b,\n'], [[1, ['a', 'b', '']]]],
    ['blank lines keep their numbers', ['a,b\n\nc,d\n'], [[1, ['a', 'b']], [2, ['']], [3, ['c', 'd']]]],
    ['pieces cut anywhere, CRLF split', ['a,"b', '""c"",d', '"\r', '\ne,f'], [[1, ['a', 'b"c",d']], [2, ['e', 'f']]]],
    ['delimiter chosen on a first record split across pieces', ['a;b', ';c,d\n1;2;3,4\n'], [[1, ['a', 'b', 'c,d']], [2, ['1', '2', '3,4']]]],
    ['a single record without a break', ['x,y'], [[1, ['x', 'y']]]],
    ['nothing', [''], []],
  ])('%s', (_name, pieces, expected) => {
    expect(read(pieces)).toEqual(expected);
  });

  it('reads an async stream of pieces', async () => {
    async function* pieces() {
      yield 'r1,2024';
      yield '-05-01\nr2,x\n';
    }
    const rows = [];
    for await (const r of csvRecords(pieces())) rows.push(r);
    expect(rows).toEqual([
      { row: 1, fields: ['r1', '2024-05-01'] },
      { row: 2, fields: ['r2', 'x'] },
    ]);
  });
});

/** The reader's rules one character at a time (how it read before whole runs were taken at once), as the reference. */
function referenceRecords(text: string, d: string): string[][] {
  const out: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let state: 'start' | 'plain' | 'quoted' | 'quote' = 'start';
  let lastWasCr = false;
  for (const c of text) {
    if (lastWasCr) {
      lastWasCr = false;
      if (c === '\n') continue;
    }
    if (state === 'quoted') {
      if (c === '"') state = 'quote';
      else field += c;
      continue;
    }
    if (state === 'quote') {
      if (c === '"') {
        field += '"';
        state = 'quoted';
        continue;
      }
      state = 'plain';
    }
    if (c === d) {
      fields.push(field);
      field = '';
      state = 'start';
    } else if (c === '\n' || c === '\r') {
      lastWasCr = c === '\r';
      fields.push(field);
      out.push(fields);
      fields = [];
      field = '';
      state = 'start';
    } else if (c === '"' && state === 'start') state = 'quoted';
    else {
      field += c;
      state = 'plain';
    }
  }
  if (state !== 'start' || fields.length > 0) out.push([...fields, field]);
  return out;
}

describe('CsvReader on random text cut anywhere', () => {
  it('reads what the character-by-character rules read', () => {
    let seed = 42;
    const next = (n: number) => Math.floor(((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * n);
    const alphabet = ['a', 'b', 'é', ',', ',', '"', '"', '\n', '\r', ' ', '1'];
    for (let round = 0; round < 500; round++) {
      // A first record without quotes, so that the delimiter (comma) is chosen the same way.
      const text = `h,h\n${Array.from({ length: next(60) }, () => alphabet[next(alphabet.length)]).join('')}`;
      const cuts = Array.from({ length: next(4) }, () => next(text.length)).sort((a, b) => a - b);
      const pieces = [0, ...cuts].map((at, i, all) => text.slice(at, all[i + 1] ?? text.length));
      expect(read(pieces).map(([, fields]) => fields), JSON.stringify(pieces)).toEqual(referenceRecords(text, ','));
    }
  });
});
