import { asc, eq } from 'drizzle-orm';
import { builder } from '../../graphql/builder.ts';
import type { Context } from '../../graphql/context.ts';
import { requireOrganization } from '../auth/access.ts';
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
