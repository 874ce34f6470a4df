/** Session constants and token claims read in the browser and on the server alike. */
export const SESSION_COOKIE_HOURS = 10;
export const RENEW_POLL_MS = 500;
export const RENEW_MAX_POLLS = 10;
export const TRUST_BROWSER_DAYS = 180;
export const COOKIE_CONSENT_DAYS = 30;
export const OTP_RESEND_SECONDS = 60;
/** Digits of a one-time sign-in or contact code (spec 000 §5: fixed length). */
export const OTP_CODE_LENGTH = 6;
/** The trusted-browser cookie lives 6 months (spec 000 §9); the server trusts it TRUST_BROWSER_DAYS. */
export const TRUST_BROWSER_COOKIE_DAYS = 183;

export interface TokenClaims {
  sub?: string;
  /** Expiry in seconds since the epoch, as JWT writes it. */
  exp?: number;
  /** Set when an administrator views the product as another user. */
  adminUserId?: number;
}

function base64UrlToText(segment: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function integerClaim(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Reads the payload of a JWT without checking its signature: only for display and for deciding
 * when to renew. The server verifies tokens separately. Null when the token is malformed.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const segments = token.split('.');
  if (segments.length !== 3 || !segments[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlToText(segments[1]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const raw = payload as Record<string, unknown>;
  const claims: TokenClaims = {};
  if (typeof raw.sub === 'string') claims.sub = raw.sub;
  else if (typeof raw.sub === 'number') claims.sub = String(raw.sub);
  const exp = integerClaim(raw.exp);
  if (exp !== undefined) claims.exp = exp;
  const adminUserId = integerClaim(raw.adminUserId);
  if (adminUserId !== undefined) claims.adminUserId = adminUserId;
  return claims;
}

/** Missing, zero or past expiry counts as expired; a token is expired at its exp second. */
export function isTokenExpired(exp: number | undefined | null, nowMs: number): boolean {
  if (!exp || !Number.isFinite(exp)) return true;
  return exp * 1000 <= nowMs;
}
