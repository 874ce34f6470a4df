import { badInput } from './errors.ts';

/** Relay-style paging arguments: `first` capped, `after` an opaque cursor. */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 50;

export function pageSize(first: number | null | undefined): number {
  if (first == null) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) throw badInput('first', 'outOfRange');
  return first;
}

export function encodeCursor(kind: string, parts: Array<string | number>): string {
  return Buffer.from(`${kind}:${parts.join('|')}`).toString('base64url');
}

/** The parts of a cursor of this kind; a foreign or damaged cursor is bad input. */
export function decodeCursor(kind: string, cursor: string, count: number): string[] {
  const text = Buffer.from(cursor, 'base64url').toString();
  const parts = text.startsWith(`${kind}:`) ? text.slice(kind.length + 1).split('|') : [];
  if (parts.length !== count || parts.some((p) => p === '')) throw badInput('after', 'invalidCursor');
  return parts;
}

export interface Edge<T> {
  node: T;
  cursor: string;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount?: number;
}

/** Builds a page from `limit + 1` fetched rows: the extra one only tells that more exist. */
export function toConnection<T>(rows: T[], limit: number, cursorOf: (row: T) => string): Connection<T> {
  const page = rows.slice(0, limit);
  const edges = page.map((node) => ({ node, cursor: cursorOf(node) }));
  return { edges, pageInfo: { hasNextPage: rows.length > limit, endCursor: edges.at(-1)?.cursor ?? null } };
}
