import type { Context } from '../../../graphql/context.ts';
import { badInput } from '../../../graphql/errors.ts';
import type { ConditionInput, RetailDataInput } from './retailInput.ts';

export interface TagScope {
  /** Zones the request reads, once tag and category conditions are applied. */
  targetIds: number[];
  /** Tags that become series (group by tag or tag category), or null. */
  groupTagIds: number[] | null;
}

const ids = (values: string[] | null | undefined) => (values ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * Tag and category conditions keep the site's zones carrying the tags (category roots and "All" send
 * no tag). Inside one condition the tags are sorted by category: a zone must carry one of the tags of
 * each category (OR inside a category, AND across categories); several conditions combine with AND,
 * like every filter condition. A tag or tag-category group-by splits those zones per tag. Tags of
 * other organizations are refused.
 */
export async function tagScope(ctx: Context, site: { id: number; organizationId: number }, input: RetailDataInput, conditions: ConditionInput[], targetIds: number[]): Promise<TagScope> {
  const tagConditions = conditions.filter((c) => c.type === 'tag' || c.type === 'category').map((c) => ids(c.values));
  const filterTags = tagConditions.flat();
  const groupType = input.groupBy?.type;
  let groupTagIds: number[] | null = null;
  if (groupType === 'tag') groupTagIds = input.groupBy?.tagIds?.length ? input.groupBy.tagIds : ids([String(input.groupBy?.tagId ?? '')]);
  if (groupType === 'tagCategory') groupTagIds = await tagsOfCategory(ctx, site.organizationId, input.groupBy?.tagId ?? null);
  const wanted = [...new Set([...filterTags, ...(groupTagIds ?? [])])];
  if (wanted.length === 0) return { targetIds, groupTagIds };
  if (input.target && input.target.kind !== 'zone') throw badInput('filters', 'tags apply to zones');
  const { rows: owned } = await ctx.database.sql.query<{ id: number; category_id: number }>(
    'select id, category_id from tags where organization_id = $1 and id = any($2::int[])',
    [site.organizationId, wanted],
  );
  if (owned.length !== wanted.length) throw badInput('filters', 'unknown tag');
  const categoryOf = new Map(owned.map((t) => [Number(t.id), Number(t.category_id)]));
  // Which of the wanted tags each of the site's zones carries.
  const { rows: carried } = await ctx.database.sql.query<{ zone_id: number; tag_id: number }>(
    'select zt.zone_id, zt.tag_id from zones z join zone_tags zt on zt.zone_id = z.id where z.installation_id = $1 and z.deleted_at is null and zt.tag_id = any($2::int[])',
    [site.id, wanted],
  );
  const tagsOf = new Map<number, Set<number>>();
  for (const r of carried) tagsOf.set(Number(r.zone_id), (tagsOf.get(Number(r.zone_id)) ?? new Set()).add(Number(r.tag_id)));
  // Each clause is a set of tags a zone must carry one of: one per category of each condition.
  const clauses = tagConditions.flatMap((tagIds) => {
    const byCategory = new Map<number, number[]>();
    for (const id of tagIds) byCategory.set(categoryOf.get(id)!, [...(byCategory.get(categoryOf.get(id)!) ?? []), id]);
    return [...byCategory.values()];
  });
  if (groupTagIds?.length) clauses.push(groupTagIds);
  const kept = [...tagsOf.keys()].filter((zone) => clauses.every((clause) => clause.some((tag) => tagsOf.get(zone)!.has(tag)))).sort((a, b) => a - b);
  return { targetIds: input.target ? targetIds.filter((z) => kept.includes(z)) : kept, groupTagIds };
}

async function tagsOfCategory(ctx: Context, organizationId: number, categoryId: number | null): Promise<number[]> {
  if (!categoryId) throw badInput('groupBy', 'tagCategory needs tagId (the category)');
  const { rows } = await ctx.database.sql.query<{ id: number }>('select id from tags where organization_id = $1 and category_id = $2 order by id', [organizationId, categoryId]);
  if (rows.length === 0) throw badInput('groupBy', 'tagCategory: unknown or empty category');
  return rows.map((r) => Number(r.id));
}
