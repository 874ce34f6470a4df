/**
 * Several engine statements of the same text (only their parameters differ) as one statement that
 * runs the text once per parameter row: placeholder $k of statement i becomes row i of the k-th
 * array, and the text reads it from that row (LATERAL). It is planned once, where a union of the
 * statements is planned once per statement, which costs more than running them when each reads a
 * few hundred rollup rows (a year per month for 20 sites). Each row keeps its statement's number q
 * and its own order (series, t, k), as unionStatements' rows do.
 *
 * Null when a placeholder's values do not share one type this can carry (a null, an array of dates,
 * an array element that would need escaping, an array read without a cast): the caller then unions
 * the statements.
 */
export function lateralStatements(statements: ReadonlyArray<{ text: string; params: readonly unknown[] }>): { text: string; params: unknown[] } | null {
  const first = statements[0];
  if (!first || statements.some((s) => s.text !== first.text || s.params.length !== first.params.length)) return null;
  const columns: Array<{ type: string; values: unknown[] }> = [];
  for (let k = 0; k < first.params.length; k++) {
    const column = columnOf(statements.map((s) => s.params[k]));
    // An array travels as its literal text: every use of it must cast it to its type.
    if (!column || (column.literal && !everyUseCast(first.text, k + 1))) return null;
    columns.push(column);
  }
  const names = columns.map((_, k) => `c${k + 1}`);
  const text = first.text.replace(/\$(\d+)/g, (_, n: string) => `engine_params.c${n}`);
  return {
    text: `select (engine_params.q - 1)::int as q, e.*
      from unnest(${columns.map((c, k) => `$${k + 1}::${c.type}[]`).join(', ')}) with ordinality as engine_params(${names.join(', ')}, q)
      cross join lateral (${text}) e`,
    params: columns.map((c) => c.values),
  };
}

const SAFE_ELEMENT = /^[\w .:+\-/]*$/;

function columnOf(values: unknown[]): { type: string; values: unknown[]; literal?: true } | null {
  if (values.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) return { type: 'int8', values };
  if (values.every((v) => typeof v === 'number' && Number.isFinite(v))) return { type: 'float8', values };
  if (values.every((v) => typeof v === 'string')) return { type: 'text', values };
  if (values.every((v) => typeof v === 'boolean')) return { type: 'bool', values };
  if (values.every((v) => v instanceof Date && Number.isFinite(v.getTime()))) return { type: 'timestamptz', values: values.map((v) => (v as Date).toISOString()) };
  if (values.every((v) => Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isSafeInteger(x)))) {
    return { type: 'text', values: values.map((v) => `{${(v as number[]).join(',')}}`), literal: true };
  }
  if (values.every((v) => Array.isArray(v) && v.every((x) => typeof x === 'string' && SAFE_ELEMENT.test(x)))) {
    return { type: 'text', values: values.map((v) => `{${(v as string[]).map((x) => `"${x}"`).join(',')}}`), literal: true };
  }
  return null;
}

function everyUseCast(text: string, n: number): boolean {
  const uses = text.match(new RegExp(`\\$${n}(?!\\d)(::)?`, 'g')) ?? [];
  return uses.every((use) => use.endsWith('::'));
}
