/** Removes `__typename` keys and undefined values, deeply (spec 000 §7: mutation variables). */
export function stripVariables<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => stripVariables(item)) as T;
  // Files of an upload travel as they are.
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Blob) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === '__typename' || item === undefined) continue;
    out[key] = stripVariables(item);
  }
  return out as T;
}
