import { and, asc, eq, inArray } from 'drizzle-orm';
import { builder } from '../../graphql/builder.ts';
import type { Context } from '../../graphql/context.ts';
import { notFound } from '../../graphql/errors.ts';
import { requireCaller, requireOrganization } from '../access/access.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { tagCategories, tags } from './tags.tables.ts';

type TagRow = typeof tags.$inferSelect;
type CategoryView = { id: number; name: string; tags: TagRow[] };

async function tagCategoriesByOrganizationId(ctx: Context, organizationId: number): Promise<CategoryView[]> {
  requireOrganization(ctx, organizationId);
  const { db } = ctx.database;
  const [categories, allTags] = await Promise.all([
    db.select().from(tagCategories).where(eq(tagCategories.organizationId, organizationId)).orderBy(asc(tagCategories.name)),
    db.select().from(tags).where(eq(tags.organizationId, organizationId)).orderBy(asc(tags.name)),
  ]);
  return categories.map((c) => ({ id: c.id, name: c.name, tags: allTags.filter((t) => t.categoryId === c.id) }));
}

const TagRef = builder.objectRef<TagRow>('Tag').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    categoryId: t.exposeInt('categoryId'),
    organizationId: t.exposeInt('organizationId'),
  }),
});

/** The tags of these ids in the caller's organizations; another organization's tag is NOT_FOUND. */
async function tagsByIds(ctx: Context, ids: number[]): Promise<TagRow[]> {
  const organizationIds = requireCaller(ctx).organizationIds;
  await requireOwnedIds(ctx, [{ field: 'ids', kind: 'tag', ids }]);
  if (ids.length === 0 || organizationIds.length === 0) return [];
  return ctx.database.db
    .select()
    .from(tags)
    .where(and(inArray(tags.id, ids), inArray(tags.organizationId, organizationIds)))
    .orderBy(asc(tags.id));
}

async function tagById(ctx: Context, id: number): Promise<TagRow> {
  const [row] = await ctx.database.db.select().from(tags).where(eq(tags.id, id));
  if (!row) throw notFound();
  requireOrganization(ctx, row.organizationId);
  return row;
}

const TagCategoryRef = builder.objectRef<CategoryView>('TagCategory').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    tags: t.field({ type: [TagRef], resolve: (c) => c.tags }),
  }),
});

builder.queryField('tagCategoriesByOrganizationId', (t) =>
  t.field({
    type: [TagCategoryRef],
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => tagCategoriesByOrganizationId(ctx, a.id),
  }),
);

builder.queryFields((t) => ({
  tagsByIds: t.field({
    type: [TagRef],
    description: 'The tags of these ids the caller may see (others are left out).',
    authScopes: { signedIn: true },
    args: { ids: t.arg.intList({ required: true }) },
    resolve: (_r, a, ctx) => tagsByIds(ctx, a.ids),
  }),
  tagById: t.field({
    type: TagRef,
    description: 'One tag; NOT_FOUND when missing or of another organization.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => tagById(ctx, a.id),
  }),
}));
