import type { Database } from '../../db/database.ts';
import type { Context } from '../../graphql/context.ts';
import { AppError } from '../../graphql/errors.ts';
import { requireCaller } from './access.ts';

/** Kinds of rows an input may name by id; each belongs to one organization. */
export type OwnedKind = 'installation' | 'zone' | 'passage' | 'device' | 'event' | 'tag' | 'tagCategory' | 'user' | 'alert' | 'dashboard' | 'profile';

const viaSite = (table: string) => `select t.id from ${table} t join installations i on i.id = t.installation_id where i.organization_id = any($1::int[]) and t.id = any($2::int[])`;

// The ids of $2 that belong to one of the organizations of $1.
const OWNED_SQL: Record<OwnedKind, string> = {
  installation: 'select id from installations where organization_id = any($1::int[]) and id = any($2::int[])',
  zone: viaSite('zones'),
  passage: viaSite('passages'),
  device: viaSite('devices'),
  event: viaSite('events'),
  tag: 'select id from tags where organization_id = any($1::int[]) and id = any($2::int[])',
  tagCategory: 'select id from tag_categories where organization_id = any($1::int[]) and id = any($2::int[])',
  user: 'select distinct user_id as id from user_organizations where organization_id = any($1::int[]) and user_id = any($2::int[])',
  dashboard: 'select id from dashboards where organization_id = any($1::int[]) and id = any($2::int[])',
  alert: 'select id from alerts where organization_id = any($1::int[]) and id = any($2::int[])',
  profile: 'select id from profiles where organization_id = any($1::int[]) and id = any($2::int[])',
};

export interface IdsRef {
  /** Where the ids are in the input, as the error names it: `widget.zoneIds`, `widget.metrics.0.target.ids`. */
  field: string;
  kind: OwnedKind;
  ids: readonly number[];
}

/**
 * Refuses, as NOT_FOUND naming the field, any id of the input that is not a row of the caller's
 * organizations: another organization's id answers exactly like a missing one.
 */
export async function requireOwnedIds(ctx: Context, refs: readonly IdsRef[]): Promise<void> {
  const { organizationIds } = requireCaller(ctx);
  for (const ref of refs) {
    if (!(await ownsAll(ctx.database, organizationIds, ref.kind, ref.ids))) throw new AppError('NOT_FOUND', { field: ref.field });
  }
}

/** Whether every one of these ids is a row of one of these organizations (for routes outside GraphQL, which have no context). */
export async function ownsAll(database: Database, organizationIds: readonly number[], kind: OwnedKind, ids: readonly number[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  if (wanted.some((id) => !Number.isSafeInteger(id))) return false;
  const { rows } = await database.sql.query<{ id: number }>(OWNED_SQL[kind], [organizationIds, wanted]);
  const found = new Set(rows.map((r) => Number(r.id)));
  return wanted.every((id) => found.has(id));
}

/** Ids written as strings in filter values ("12"); anything else is not an id and is left to the filter's own checks. */
export const idsOfValues = (values: readonly string[] | null | undefined): number[] =>
  (values ?? []).filter((v) => /^\d{1,10}$/.test(v)).map(Number);
