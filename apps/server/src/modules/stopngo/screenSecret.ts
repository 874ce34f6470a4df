import { createHash, randomBytes } from 'node:crypto';

/** A display's secret: a mark, then 32 random bytes (256 bits) in base64url. */
export const SCREEN_SECRET_MARK = 'sgo_';
const SHAPE = /^sgo_[A-Za-z0-9_-]{43}$/;

export const newScreenSecret = (): string => `${SCREEN_SECRET_MARK}${randomBytes(32).toString('base64url')}`;
/** Only this digest is stored; the secret is shown once. */
export const screenSecretDigest = (secret: string): string => createHash('sha256').update(secret).digest('hex');
export const looksLikeScreenSecret = (value: string): boolean => SHAPE.test(value);
