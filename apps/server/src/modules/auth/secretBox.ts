import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';

/**
 * Secrets kept at rest encrypted (AES-256-GCM): `enc:v1:<iv>.<tag>.<ciphertext>` (base64url), the
 * additional data naming what the value is for (e.g. `totp:42`), so a value copied to another user
 * or column does not open. Older rows still in clear are read as they are and sealed again
 * (authenticator.ts, sealClearTotpSecrets).
 */

const PREFIX = 'enc:v1:';

export class SecretKeyError extends Error {
  constructor(readonly code: 'SECRETS_KEY_MISSING' | 'SECRETS_KEY_MISMATCH', message: string) {
    super(message);
  }
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealSecret(key: Buffer, plain: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
}

/** The clear value of a stored secret; a value still in clear is returned as it is. */
export function openSecret(key: Buffer | null, stored: string, purpose: string): string {
  if (!isSealed(stored)) return stored;
  if (!key) throw new SecretKeyError('SECRETS_KEY_MISSING', 'an encrypted secret is stored but no SECRETS_KEY is configured');
  const [iv, tag, data] = stored.slice(PREFIX.length).split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data ?? '', 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError('SECRETS_KEY_MISMATCH', 'SECRETS_KEY does not decrypt the stored secrets (a different key than the one they were sealed with?)');
  }
}

export const KEY_FILE = 'secrets.key';
const keys = new Map<string, Buffer | null>();

/**
 * The key: SECRETS_KEY; else, on the embedded database, DATA_DIR/secrets.key, generated on first
 * use (owner-only file, kept with the data it opens); else (PostgreSQL, shared by processes that
 * each have their own disk) none: an authenticator cannot be switched on (docs/decisions.md).
 */
export function secretsKeyOf(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>, engine: 'pglite' | 'postgres'): Buffer | null {
  if (config.SECRETS_KEY) return Buffer.from(config.SECRETS_KEY, 'base64');
  if (engine === 'postgres') return null;
  const cacheKey = config.DATA_DIR;
  if (keys.has(cacheKey)) return keys.get(cacheKey)!;
  const file = join(config.DATA_DIR, KEY_FILE);
  let key: Buffer;
  try {
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
  if (key.length !== 32) throw new SecretKeyError('SECRETS_KEY_MISMATCH', `${file} does not hold 32 bytes in base64`);
  keys.set(cacheKey, key);
  return key;
}
