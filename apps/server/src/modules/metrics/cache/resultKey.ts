import { createHash } from 'node:crypto';

/**
 * The cache key of one analytics request: a digest of everything its answer depends on — the
 * database, the data versions read before it runs, the caller's organizations and rights as the
 * rules see them, and the request itself with its objects' keys sorted and empty fields left out
 * (arrays keep their order: the order of targets is the order of the answer's series).
 */
export function resultKey(parts: { namespace: string; versions: string; organizationIds: readonly number[]; rights: unknown; request: unknown }): string {
  return createHash('sha256')
    .update(canonical({ ...parts, organizationIds: [...parts.organizationIds].sort((a, b) => a - b) }))
    .digest('base64url');
}

/** JSON with sorted object keys, no undefined or null fields, and dates as ISO text. */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const fields = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined && (value as Record<string, unknown>)[k] !== null)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}
