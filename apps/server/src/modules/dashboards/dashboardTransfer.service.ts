import type { Context } from '../../graphql/context.ts';
import { AppError, badInput } from '../../graphql/errors.ts';
import { requireCaller } from '../access/access.ts';
import { requireOwnedIds } from '../access/ownedIds.ts';
import { requireRight, visibleDashboard } from './dashboardAccess.ts';
import { type CreatedDashboard, createFromModel, requireCreateRight } from './dashboardCopy.service.ts';
import { type DashboardModel, type ModelReference, REFERENCE_KINDS, type ReferenceKind, dashboardModel } from './dashboardModel.ts';
import { type NamedRow, namedRows, rowsOf } from './dashboardTransfer.repo.ts';
import { mapModelIds, modelIdRefs } from './dashboardTransferIds.ts';
import { type ProposedMatch, proposeMatches } from './dashboardTransferMatch.ts';
import { type FileError, parseJsonWithPositions, schemaErrors } from './dashboardTransferPositions.ts';
import { storedModel } from './dashboardVersions.repo.ts';

const MAX_TEXT = 2_000_000;

/** A dashboard as a file: its model without stored ids, and the rows its ids point to by name (2-space JSON). */
export async function exportDashboard(ctx: Context, dashboardId: number): Promise<string> {
  // Reading a dashboard is enough to take it away as a file; bringing one in needs the edit right.
  await requireRight(ctx, 'customDashboards');
  const dashboard = await visibleDashboard(ctx, dashboardId);
  const model = mapModelIds(await ctx.database.db.transaction((tx) => storedModel(tx, dashboard.id)), (_k, id) => id);
  const refs = modelIdRefs(model);
  const orgs = [dashboard.organizationId];
  const named = (await Promise.all(REFERENCE_KINDS.map((kind) => namedRows(ctx.database, orgs, kind, refs.filter((r) => r.kind === kind).map((r) => r.id))))).flat();
  // The sites of zones, passages, devices and alerts are named too: an import maps those within a site.
  const siteIds = [...new Set(named.flatMap((r) => (r.siteId !== undefined ? [r.siteId] : [])))].filter((id) => !named.some((r) => r.kind === 'installation' && r.id === id));
  const sites = await namedRows(ctx.database, orgs, 'installation', siteIds);
  const references: ModelReference[] = [...sites, ...named].map(({ kind, id, name, siteId }) => ({ kind, id, name, ...(siteId !== undefined ? { siteId } : {}) }));
  return JSON.stringify({ ...model, references } satisfies DashboardModel, null, 2);
}

export interface ImportPreview {
  name: string | null;
  errors: FileError[];
  references: ProposedMatch[];
  candidates: NamedRow[];
}

/** The file's model, or its errors with lines; every id it names gets a reference (named `#id` when the file has none). */
function readFile(text: string): { model: DashboardModel | null; errors: FileError[] } {
  if (text.length > MAX_TEXT) throw badInput('text', 'tooLarge');
  const parsed = parseJsonWithPositions(text);
  if (parsed.errors.length || !parsed.root) return { model: null, errors: parsed.errors };
  const { data, errors } = schemaErrors(dashboardModel, text, parsed.root, parsed.value);
  return { model: data, errors };
}

function referencesOf(model: DashboardModel): ModelReference[] {
  const listed = model.references ?? [];
  const unlisted = modelIdRefs(model).filter((r) => !listed.some((l) => l.kind === r.kind && l.id === r.id));
  return [...listed, ...unlisted.map((r) => ({ ...r, name: `#${r.id}` }))];
}

/**
 * The organization an import goes into: the one named, if the caller acts in it (NOT_FOUND otherwise),
 * else the current one. A session acts in one organization at a time (switchOrganization), whose
 * profile gives the rights checked here, so a target is chosen by switching to it.
 */
function importTarget(ctx: Context, organizationId: number | null): number {
  const caller = requireCaller(ctx);
  if (organizationId === null) return caller.organizationIds[0]!;
  if (!caller.organizationIds.includes(organizationId)) throw new AppError('NOT_FOUND', { field: 'organizationId' });
  return organizationId;
}

/** First step of an import: the file's errors by line, or its references with proposed matches in the target organization. */
export async function previewDashboardImport(ctx: Context, text: string, organizationId: number | null = null): Promise<ImportPreview> {
  await requireCreateRight(ctx);
  const target = importTarget(ctx, organizationId);
  const { model, errors } = readFile(text);
  if (!model) return { name: null, errors, references: [], candidates: [] };
  const references = referencesOf(model);
  const kinds = REFERENCE_KINDS.filter((k) => references.some((r) => r.kind === k || (r.siteId !== undefined && k === 'installation')));
  const candidates = (await Promise.all(kinds.map((k) => rowsOf(ctx.database, [target], k)))).flat();
  return { name: model.name, errors: [], references: proposeMatches(references, candidates), candidates };
}

export interface IdMapping {
  kind: ReferenceKind;
  fromId: number;
  toId: number;
}

/** Second step: the file again, every id it names mapped and checked against the caller's organizations, created in one transaction. */
export async function importDashboard(ctx: Context, text: string, mapping: readonly IdMapping[], name: string, organizationId: number | null = null): Promise<CreatedDashboard> {
  await requireCreateRight(ctx);
  const target = importTarget(ctx, organizationId);
  const { model, errors } = readFile(text);
  if (!model) throw new AppError('BAD_USER_INPUT', { field: 'text', reason: 'invalidFile', errors });
  await requireOwnedIds(ctx, REFERENCE_KINDS.map((kind) => ({ field: 'mapping', kind, ids: mapping.filter((m) => m.kind === kind).map((m) => m.toId) })));
  const to = new Map(mapping.map((m) => [`${m.kind}:${m.fromId}`, m.toId]));
  const unmapped = modelIdRefs(model).find((r) => !to.has(`${r.kind}:${r.id}`));
  if (unmapped) throw new AppError('BAD_USER_INPUT', { field: 'mapping', reason: 'unmapped', kind: unmapped.kind, fromId: unmapped.id });
  const mapped = mapModelIds(model, (kind, id) => to.get(`${kind}:${id}`)!);
  return createFromModel(ctx, target, name, mapped);
}
