/**
 * A PostgreSQL array literal ('{1,2,3}', '{zone,"",x}') for a statement parameter cast to an array
 * type (`$1::text[]`): node-postgres serializes an array parameter element by element through a
 * general escaper, which cost HTTP ingest about a tenth of its CPU for 10,000 readings of seven
 * columns (docs/benchmarks.md, 2026-12-03). Numbers go as they print; a string goes bare when it
 * holds only characters that never need quoting, else in double quotes with `"` and `\` escaped.
 * No null element: the writers' columns have none.
 */
export function arrayLiteral(values: ReadonlyArray<string | number>): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i]!;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`arrayLiteral: ${v} is not a finite number`);
      out += String(v);
    } else out += BARE.test(v) && !NULL_WORD.test(v) ? v : `"${v.replace(QUOTED, '\\$&')}"`;
  }
  return `${out}}`;
}

// Letters, digits and the punctuation of identifiers, numbers and ISO instants: bare in an array literal.
const BARE = /^[A-Za-z0-9_.:+-]+$/;
// "NULL" bare would be read as a null element.
const NULL_WORD = /^null$/i;
const QUOTED = /["\\]/g;
