import type { Context } from '../../../graphql/context.ts';
import type { dataVersions } from './dataVersions.ts';
import { currentVersions } from './keptVersions.ts';
import { resultCacheOf } from './resultCache.ts';

const readByRequest = new WeakMap<object, ReturnType<typeof dataVersions>>();

/**
 * The caller's versions, read once per HTTP request before the first read of its first analytics
 * request: the operations a page sends together in one request (its chart, its site and its zones)
 * share one read, as if they were one operation; a job's context (no request) reads its own. An
 * event stream is one request per subscription, so its operations never share a read. On the
 * embedded database the read comes from the process while no version moved (keptVersions.ts).
 */
export function versionsOf(ctx: Context): ReturnType<typeof dataVersions> {
  const owner: object = ctx.request ?? ctx;
  let read = readByRequest.get(owner);
  if (!read) {
    read = currentVersions(ctx.database, ctx.caller?.organizationIds ?? []);
    readByRequest.set(owner, read);
  }
  return read;
}

/**
 * Reads the request's versions (shared by its operations) when any of its analytics requests may use
 * the cache: called before such a request reads anything (its site's row included), whether or not
 * that one is kept.
 */
export async function readVersionsFirst(ctx: Context): Promise<void> {
  if (ctx.caller && ctx.request && resultCacheOf(ctx.database, ctx.config)) await versionsOf(ctx);
}

