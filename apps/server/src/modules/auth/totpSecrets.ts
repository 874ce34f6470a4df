import { and, eq, isNotNull, like, not, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { users } from '../users/users.tables.ts';
import { SecretKeyError, isSealed, openSecret, sealSecret, secretsKeyOf } from './secretBox.ts';

/** The authenticator secrets (confirmed and pending) are sealed with SECRETS_KEY, bound to their user. */
const purposeOf = (userId: number) => `totp:${userId}`;

function keyFor(ctx: Pick<Context, 'config' | 'database'>): Buffer | null {
  return secretsKeyOf(ctx.config, ctx.database.engine);
}

/** A new secret of this user, as stored; refused when no key is configured (PostgreSQL without SECRETS_KEY). */
export function sealTotpSecret(ctx: Context, userId: number, secret: string): string {
  const key = keyFor(ctx);
  if (!key) throw new AppError('SECRETS_KEY_MISSING');
  return sealSecret(key, secret, purposeOf(userId));
}

/** The clear secret of a stored value (one still in clear is sealed in passing when a key is set). */
export async function openTotpSecret(ctx: Context, userId: number, stored: string): Promise<string> {
  const key = keyFor(ctx);
  try {
    const secret = openSecret(key, stored, purposeOf(userId));
    if (key && !isSealed(stored)) {
      await ctx.database.db.update(users).set({ totpSecret: sealSecret(key, stored, purposeOf(userId)) }).where(and(eq(users.id, userId), eq(users.totpSecret, stored)));
    }
    return secret;
  } catch (error) {
    if (!(error instanceof SecretKeyError)) throw error;
    ctx.request.log.error({ userId }, `authenticator secret cannot be read: ${error.message}`);
    throw new AppError(error.code);
  }
}

/**
 * At start: seals every authenticator secret still in clear (rows from before encryption) and
 * checks that the key opens the sealed ones, so that a wrong key stops the start with a message
 * instead of refusing every authenticator code. Returns how many were sealed.
 */
export async function sealClearTotpSecrets(database: Database, config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>): Promise<number> {
  const key = secretsKeyOf(config, database.engine);
  const rows = await database.db
    .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret)));
  const sealedRow = rows.find((r) => (r.secret && isSealed(r.secret)) || (r.pending && isSealed(r.pending)));
  if (sealedRow) {
    const value = sealedRow.secret && isSealed(sealedRow.secret) ? sealedRow.secret : sealedRow.pending!;
    openSecret(key, value, purposeOf(sealedRow.id)); // throws SecretKeyError: missing or wrong key
  }
  if (!key) return 0;
  let sealed = 0;
  for (const r of rows) {
    for (const column of ['totpSecret', 'totpPendingSecret'] as const) {
      const value = column === 'totpSecret' ? r.secret : r.pending;
      if (!value || isSealed(value)) continue;
      await database.db
        .update(users)
        .set({ [column]: sealSecret(key, value, purposeOf(r.id)) })
        .where(and(eq(users.id, r.id), eq(users[column], value), not(like(users[column], 'enc:%'))));
      sealed += 1;
    }
  }
  return sealed;
}
