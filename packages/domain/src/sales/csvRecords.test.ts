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
