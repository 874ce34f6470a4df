import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import type { ConditionInput, RetailDataInput } from './retailRequest.ts';

export interface TagScope {
  /** Zones the request reads, once tag and category conditions are applied. */
  targetIds: number[];
  /** Tags that become series (group by tag or tag category), or null. */
  groupTagIds: number[] | null;
}

const ids = (values: string[] | null | undefined) => (values ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * Tag and category conditions keep the site's zones carrying any of the tags (category roots
 * and "All" send no tag); a tag or tag-category group-by splits those zones per tag. Tags of other
 * organizations are refused.
 */
export async function tagScope(ctx: Context, site: { id: number; organizationId: number }, input: RetailDataInput, conditions: ConditionInput[], targetIds: number[]): Promise<TagScope> {
  const filterTags = conditions.filter((c) => c.type === 'tag' || c.type === 'category').flatMap((c) => ids(c.values));
  const groupType = input.groupBy?.type;
  let groupTagIds: number[] | null = null;
  if (groupType === 'tag') groupTagIds = input.groupBy?.tagIds?.length ? input.groupBy.tagIds : ids([String(input.groupBy?.tagId ?? '')]);
  if (groupType === 'tagCategory') groupTagIds = await tagsOfCategory(ctx, site.organizationId, input.groupBy?.tagId ?? null);
  const wanted = [...filterTags, ...(groupTagIds ?? [])];
  if (wanted.length === 0) return { targetIds, groupTagIds };
  if (input.target && input.target.kind !== 'zone') throw badInput('filters', 'tags apply to zones');
  const { rows: owned } = await ctx.database.sql.query<{ id: number }>('select id from tags where organization_id = $1 and id = any($2::int[])', [site.organizationId, wanted]);
  if (owned.length !== new Set(wanted).size) throw badInput('filters', 'unknown tag');
  const zonesWith = async (tagIds: number[]) =>
    (
      await ctx.database.sql.query<{ id: number }>(
        'select distinct z.id from zones z join zone_tags zt on zt.zone_id = z.id where z.installation_id = $1 and z.deleted_at is null and zt.tag_id = any($2::int[]) order by 1',
        [site.id, tagIds],
      )
    ).rows.map((r) => Number(r.id));
  let scoped = input.target ? targetIds : null;
  const keep = (zones: number[]) => (scoped = scoped ? scoped.filter((z) => zones.includes(z)) : zones);
  if (filterTags.length) keep(await zonesWith(filterTags));
  if (groupTagIds?.length) keep(await zonesWith(groupTagIds));
  return { targetIds: scoped ?? [], groupTagIds };
}

async function tagsOfCategory(ctx: Context, organizationId: number, categoryId: number | null): Promise<number[]> {
  if (!categoryId) throw badInput('groupBy', 'tagCategory needs tagId (the category)');
  const { rows } = await ctx.database.sql.query<{ id: number }>('select id from tags where organization_id = $1 and category_id = $2 order by id', [organizationId, categoryId]);
  if (rows.length === 0) throw badInput('groupBy', 'tagCategory: unknown or empty category');
  return rows.map((r) => Number(r.id));
}
