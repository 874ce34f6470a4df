/**
 * Usage events keep no personal data (spec 000 §7: the user's e-mail and names are stripped before
 * events leave for the data pipeline; ours is a first-party store, so they are stripped on the way
 * in): properties named for a person (e-mail, names, phone) are dropped, and any other text that
 * holds an e-mail address has it replaced. The event keeps its user id, which the organization's
 * administrators already know.
 */
const PERSONAL_KEYS = new Set(['email', 'mail', 'firstname', 'lastname', 'name', 'fullname', 'username', 'phone', 'otpcontact']);
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
export const REMOVED_EMAIL = '[email]';

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, REMOVED_EMAIL);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!PERSONAL_KEYS.has(key.toLowerCase().replace(/[_-]/g, ''))) out[key] = clean(v, depth + 1);
  return out;
}

/** The properties without personal data (nested objects too). */
export function stripPersonalData(properties: Record<string, unknown>): Record<string, unknown> {
  return clean(properties, 0) as Record<string, unknown>;
}
