import { type Node, type ParseError, findNodeAtLocation, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { z } from 'zod';

/** One thing wrong in an imported file, where it is (1-based line and column) and a catalogue key saying what. */
export interface FileError {
  line: number;
  column: number;
  /** The JSON path of the value (`pages.0.widgets.2.metrics.0.type`); empty for a syntax error. */
  path: string;
  message: string;
}

const MAX_ERRORS = 50;
const KEYS = new Set(['syntax', 'unknownMetric', 'unknownGroupBy', 'invalidIcon', 'invalid_type', 'invalid_value', 'too_big', 'too_small', 'invalid_format', 'unrecognized_keys']);
const key = (reason: string) => `dashboardTransfer.errors.${KEYS.has(reason) ? reason : 'invalid'}`;

/** The 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

/** The offset of the value at `path`, or of the nearest enclosing value the file has (a missing field points at its object). */
export function offsetOf(root: Node, path: ReadonlyArray<PropertyKey>): number {
  for (let n = path.length; n >= 0; n--) {
    const segments = path.slice(0, n).map((p) => (typeof p === 'number' ? p : String(p)));
    const node = findNodeAtLocation(root, segments);
    if (node) return node.offset;
  }
  return root.offset;
}

/** Parses strict JSON (no comments, no trailing commas), answering the value or its syntax errors with positions. */
export function parseJsonWithPositions(text: string): { value: unknown; root: Node | undefined; errors: FileError[] } {
  const parseErrors: ParseError[] = [];
  const root = parseTree(text, parseErrors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const errors = parseErrors.slice(0, MAX_ERRORS).map((e) => ({ ...lineColumn(text, e.offset), path: '', message: key('syntax'), detail: printParseErrorCode(e.error) }));
  if (errors.length || !root) return { value: undefined, root, errors: errors.length ? errors.map(({ detail: _d, ...e }) => e) : [{ line: 1, column: 1, path: '', message: key('syntax') }] };
  return { value: JSON.parse(text) as unknown, root, errors: [] };
}

/** Validates a parsed file against a schema, mapping each issue back to the line of the offending value. */
export function schemaErrors<T>(schema: z.ZodType<T>, text: string, root: Node, value: unknown): { data: T | null; errors: FileError[] } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, errors: [] };
  const errors = parsed.error.issues.slice(0, MAX_ERRORS).map((issue) => {
    const reason = issue.code === 'custom' ? issue.message : issue.code;
    return { ...lineColumn(text, offsetOf(root, issue.path)), path: issue.path.map(String).join('.'), message: key(reason) };
  });
  return { data: null, errors };
}
