import { parseAppPath } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { requireCaller, requireOrganization } from '../access/access.ts';
import { SHORT_LINK_CODE, newShortLinkCode } from './shortLinkCode.ts';
import { type ShortLinkRow, findByCode, findByTarget, insertShortLink } from './shortlinks.repo.ts';

/** Creates (or reuses, for the same page and query in the organization) the short link to an app path. */
export async function createShortLink(ctx: Context, path: string): Promise<ShortLinkRow> {
  const caller = requireCaller(ctx);
  const organizationId = caller.organizationIds[0];
  if (organizationId === undefined) throw notFound();
  const target = parseAppPath(path.trim());
  if (!target || target.path.startsWith('/t/')) throw badInput('path', 'notAppPath');
  const existing = await findByTarget(ctx.database, organizationId, target.path, target.query);
  if (existing) return existing;
  for (;;) {
    const row = await insertShortLink(ctx.database, { code: newShortLinkCode(), organizationId, createdBy: caller.userId, ...target, createdAt: ctx.now() });
    if (row) return row;
  }
}

/** The link of a code, only inside the caller's organizations; anything else answers NOT_FOUND. */
export async function shortLinkByCode(ctx: Context, code: string): Promise<ShortLinkRow> {
  requireCaller(ctx);
  if (!SHORT_LINK_CODE.test(code)) throw notFound();
  const row = await findByCode(ctx.database, code);
  requireOrganization(ctx, row?.organizationId);
  return row!;
}
