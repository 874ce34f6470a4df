import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Database } from '../../db/database.ts';
import type { TokenKeys } from '../../graphql/context.ts';
import { appSettings } from '../../db/appSettings.tables.ts';

export type { TokenKeys } from '../../graphql/context.ts';

export interface AccessClaims {
  userId: number;
  adminUserId: number | null;
  /** The server-side session the token belongs to; the token dies with it. */
  sid: string;
}

/**
 * The signing secret: SESSION_SECRET when set, otherwise one generated once and kept in the
 * database, so that every server process on the same database signs and verifies alike.
 */
export async function loadTokenKeys(database: Database, configured: string | undefined, accessTokenSeconds: number): Promise<TokenKeys> {
  if (configured) return { secret: new TextEncoder().encode(configured), accessTokenSeconds };
  const fresh = randomBytes(48).toString('base64url');
  await database.db.insert(appSettings).values({ key: 'token_secret', value: fresh }).onConflictDoNothing();
  const [row] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'token_secret'));
  if (!row) throw new Error('token secret missing after insert');
  return { secret: new TextEncoder().encode(row.value), accessTokenSeconds };
}

/** `expiresAt` replaces the usual short lifetime (a view-as token lives as long as its session). */
export async function signAccessToken(keys: TokenKeys, claims: AccessClaims, now: Date, expiresAt?: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const jwt = new SignJWT(claims.adminUserId ? { sid: claims.sid, adminUserId: claims.adminUserId } : { sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt ? Math.floor(expiresAt.getTime() / 1000) : iat + keys.accessTokenSeconds);
  return jwt.sign(keys.secret);
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Tokens whose signature was checked, by their text, with their expiry (ms): a call checks its token twice. */
const verified = new WeakMap<TokenKeys, Map<string, { claims: AccessClaims; expiresAt: number }>>();
const VERIFIED_MAX = 10_000;

/**
 * Checks the token's signature, expiry and claims. A token once verified is known by its text
 * (the signature covers every byte of it) until its expiry, which is checked again on every use.
 */
export async function verifyAccessToken(keys: TokenKeys, token: string, now: Date): Promise<VerifyResult> {
  let known = verified.get(keys);
  const hit = known?.get(token);
  if (hit) return hit.expiresAt > now.getTime() ? { ok: true, claims: hit.claims } : { ok: false, expired: true };
  try {
    const { payload } = await jwtVerify(token, keys.secret, {
      algorithms: ['HS256'],
      currentDate: now,
      // A token without an expiry or a session would be valid for ever and could not be revoked.
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId)) return { ok: false, expired: false };
    if (typeof payload.sid !== 'string' || payload.sid === '') return { ok: false, expired: false };
    const admin = typeof payload.adminUserId === 'number' ? payload.adminUserId : null;
    const claims = { userId, adminUserId: admin, sid: payload.sid };
    if (!known) verified.set(keys, (known = new Map()));
    if (known.size >= VERIFIED_MAX) known.delete(known.keys().next().value!);
    known.set(token, { claims, expiresAt: payload.exp! * 1000 });
    return { ok: true, claims };
  } catch (e) {
    return { ok: false, expired: e instanceof errors.JWTExpired };
  }
}
