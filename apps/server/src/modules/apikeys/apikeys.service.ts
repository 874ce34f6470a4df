import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { requireAdministeredOrganization, requireCaller } from '../access/access.ts';
import { type ApiKeyRow, apiKeysOf, findApiKey, findLiveKeyByHash, insertApiKey, revokeKey, touchKey } from './apikeys.repo.ts';

export const API_KEY_MARK = 'sk_live_';
const NAME_MAX = 100;
const digest = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Keys belong to the caller's first organization, and only its administrators manage them. */
const administeredOrganization = requireAdministeredOrganization;

export async function listApiKeys(ctx: Context): Promise<ApiKeyRow[]> {
  return apiKeysOf(ctx.database, administeredOrganization(ctx));
}

/** The secret is returned here once and never again: only its SHA-256 is kept. */
export async function createApiKey(ctx: Context, name: string): Promise<{ apiKey: ApiKeyRow; secret: string }> {
  const organizationId = administeredOrganization(ctx);
  const trimmed = name.trim();
  if (!trimmed) throw badInput('name', 'required');
  if (trimmed.length > NAME_MAX) throw badInput('name', 'tooLong');
  const random = randomBytes(32).toString('base64url');
  const secret = `${API_KEY_MARK}${random}`;
  const apiKey = await insertApiKey(ctx.database, {
    organizationId,
    name: trimmed,
    prefix: random.slice(0, 8),
    keyHash: digest(secret),
    createdBy: requireCaller(ctx).userId,
    createdAt: ctx.now(),
  });
  return { apiKey, secret };
}

export async function revokeApiKey(ctx: Context, id: number): Promise<ApiKeyRow> {
  const organizationId = administeredOrganization(ctx);
  if (!(await findApiKey(ctx.database, id, organizationId))) throw notFound();
  await revokeKey(ctx.database, id, ctx.now());
  return (await findApiKey(ctx.database, id, organizationId))!;
}

/** How often a key's last use is written down. */
const USE_RECORDED_EVERY_MS = 60_000;

/** The live key a gateway presents, or null when missing, unknown or revoked; records its use. */
export async function authenticateApiKey(database: Database, secret: string | null | undefined, now: Date): Promise<ApiKeyRow | null> {
  if (!secret?.startsWith(API_KEY_MARK)) return null;
  const key = await findLiveKeyByHash(database, digest(secret));
  // Use is recorded at most once a minute (touchKey): a key used within the minute needs no statement.
  if (key && !(key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < USE_RECORDED_EVERY_MS)) await touchKey(database, key.id, now, USE_RECORDED_EVERY_MS);
  return key;
}
