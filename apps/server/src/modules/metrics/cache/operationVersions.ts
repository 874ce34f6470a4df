import type { Context } from '../../../graphql/context.ts';
import { perContext } from '../run/keyBatcher.ts';
import { dataVersions } from './dataVersions.ts';
import { resultCacheOf } from './resultCache.ts';

// One GraphQL operation reads its caller's versions once, before the first read of its first request.
export const versionsOf = perContext((ctx: Context) => dataVersions(ctx.database, ctx.caller?.organizationIds ?? []));

/**
 * Reads the operation's versions when any of its requests may use the cache: called before a
 * request reads anything (its site's row included), whether or not that one is kept.
 */
export async function readVersionsFirst(ctx: Context): Promise<void> {
  if (ctx.caller && ctx.request && resultCacheOf(ctx.database, ctx.config)) await versionsOf(ctx);
}

