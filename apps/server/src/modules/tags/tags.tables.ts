import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.tables.ts';
import { zones } from '../installations/installations.tables.ts';

export const tagCategories = pgTable(
  'tag_categories',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('tag_categories_org').on(t.organizationId)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => tagCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('tags_category').on(t.categoryId)],
);

export const zoneTags = pgTable(
  'zone_tags',
  {
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.zoneId, t.tagId] })],
);
