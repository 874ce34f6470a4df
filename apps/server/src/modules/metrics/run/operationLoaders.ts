// What the retailData requests of one GraphQL operation share, read once and in few queries: a
// retailDataBatch of 20 widgets asks for its installations, zone trees and target names together.
// Answers are kept for the operation only (one context), which reads and never writes.
import { type SourceTree, type StoredMetric, type TargetKind, targetsToProbe } from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import type { Database, SqlClient } from '../../../db/database.ts';
import { analyticsReader } from './analyticsReader.ts';
import { type InstallationRow, type ZoneRow, findInstallations, topZonesOf } from '../../installations/installations.repo.ts';
import { checkedInstallation } from '../../installations/installations.service.ts';
import { KeyBatcher } from '../../../graphql/keyBatcher.ts';
import { perContext } from '../../../graphql/perContext.ts';
import { lateralStatements } from '../sql/lateralStatements.ts';
import { type EngineRow, unionStatements } from '../sql/retailQuery.ts';
import { type SiteZone, devicesOfSites, targetsWithReadings, zonesOfSites } from '../plan/sources.repo.ts';
import { profileOf, timed } from '../../../http/requestProfile.ts';
import { targetAreas, targetsByIds } from '../plan/targets.repo.ts';
import { readVersionsFirst, versionsCarrier } from '../cache/operationVersions.ts';
import { versionsColumn, versionsFromRows } from '../cache/dataVersions.ts';
import { referenceScope, throughReference } from '../cache/referenceCache.ts';

type Target = { name: string; installationId: number } | null;
const TARGET_KINDS: TargetKind[] = ['zone', 'passage', 'device'];

const scopeOf = perContext((ctx: Context) => referenceScope(ctx));

const loaders = perContext((ctx: Context): OperationLoaders => {
  const { database } = ctx;
  // The result cache's versions are read before any of the operation's reads, whichever field reads
  // first (cachedAnswer.ts); what is looked up goes through the process's reference cache under them.
  const scoped = async () => {
    await readVersionsFirst(ctx);
    return scopeOf(ctx);
  };
  const byId = <V>(name: string, load: (ids: number[]) => Promise<Map<number, V>>, empty: V) =>
    new KeyBatcher<number, V>(async (ids) => {
      const scope = await scoped();
      const found = await throughReference(scope, name, ids, () => scope?.shared, load);
      return new Map(ids.map((id) => [id, found.has(id) ? found.get(id)! : empty]));
    });
  const perKind = <V>(name: string, load: (kind: TargetKind, ids: number[]) => Promise<Map<number, V>>, empty: V) =>
    Object.fromEntries(TARGET_KINDS.map((kind) => [kind, byId(`${name}:${kind}`, (ids) => load(kind, ids), empty)])) as Record<TargetKind, KeyBatcher<number, V>>;
  const l: OperationLoaders = {
    installations: byId<InstallationRow | null>('installation', async (ids) => new Map((await findInstallations(database, ids)).map((r) => [r.id, r])), null),
    topZones: byId<ZoneRow | null>('topZone', (ids) => topZonesOf(database, ids), null),
    // "siteId|metricId" (metricId '' for names alone): the site's zones, with the metrics each was
    // looked at for (held, which the site's organization's readings decide); the keys of one site
    // share its array (loadTree reads the key's metric).
    zones: new KeyBatcher<string, SiteZone[]>(async (keys) => {
      const scope = await scoped();
      const asked = keys.map((key) => key.split('|') as [string, string]);
      const sites = new Map((await l.installations.loadAll(asked.map(([site]) => Number(site)))).flatMap((row) => (row ? [[row.id, row] as const] : [])));
      const versionOf = (key: string) => {
        const [site, metric] = key.split('|') as [string, string];
        const organizationId = sites.get(Number(site))?.organizationId;
        return metric === '' ? scope?.shared : organizationId === undefined ? undefined : scope?.organization(organizationId);
      };
      return throughReference(scope, 'zones', keys, versionOf, async (missing) => {
        const pairs = missing.map((key) => key.split('|') as [string, string]);
        const found = await zonesOfSites(database, [...new Set(pairs.map(([site]) => Number(site)))], [...new Set(pairs.map(([, metric]) => metric).filter(Boolean))]);
        return new Map(missing.map((key, i) => [key, found.get(Number(pairs[i]![0])) ?? []]));
      });
    }),
    devices: byId('devices', (ids) => devicesOfSites(database, ids), []),
    targets: perKind<Target>('target', (kind, ids) => targetsByIds(database, kind, ids), null),
    areas: perKind<{ area: number | null } | null>('area', async (kind, ids) => new Map([...(await targetAreas(database, kind, ids))].map(([id, area]) => [id, { area }])), null),
    // "organizationId|metric|kind|id": whether the target holds readings of the metric.
    withReadings: new KeyBatcher<string, boolean>(async (keys) => {
      const scope = await scoped();
      const versionOf = (key: string) => scope?.organization(Number(key.split('|')[0]));
      return throughReference(scope, 'withReadings', keys, versionOf, async (missing) => {
        const byOrganization = new Map<number, Array<{ metric: string; kind: string; id: number }>>();
        for (const key of missing) {
          const [organizationId, metric, kind, id] = key.split('|') as [string, string, string, string];
          const asks = byOrganization.get(Number(organizationId)) ?? [];
          asks.push({ metric, kind, id: Number(id) });
          byOrganization.set(Number(organizationId), asks);
        }
        const found = new Set<string>();
        await Promise.all(
          [...byOrganization].map(async ([organizationId, asks]) => {
            for (const held of await targetsWithReadings(database, organizationId, asks)) found.add(`${organizationId}|${held}`);
          }),
        );
        return new Map(missing.map((key) => [key, found.has(key)]));
      });
    }),
    trees: new Map<string, Promise<SourceTree>>(),
    statements: new StatementBatch(database),
  };
  return l;
});

interface OperationLoaders {
  installations: KeyBatcher<number, InstallationRow | null>;
  topZones: KeyBatcher<number, ZoneRow | null>;
  zones: KeyBatcher<string, SiteZone[]>;
  devices: KeyBatcher<number, Array<{ id: number; zoneId: number | null }>>;
  targets: Record<TargetKind, KeyBatcher<number, Target>>;
  areas: Record<TargetKind, KeyBatcher<number, { area: number | null } | null>>;
  withReadings: KeyBatcher<string, boolean>;
  trees: Map<string, Promise<SourceTree>>;
  statements: StatementBatch;
}

/** The installation if the caller's organizations own it; otherwise NOT_FOUND (installationById's rule). */
export async function siteOf(ctx: Context, installationId: number): Promise<InstallationRow> {
  return checkedInstallation(ctx, await loaders(ctx).installations.load(installationId));
}

/** The highest-level live zone of the installation (topZoneOf). */
export function topZone(ctx: Context, installationId: number): Promise<ZoneRow | null> {
  return loaders(ctx).topZones.load(installationId);
}

/**
 * Names of the given targets, only those that exist (and belong to the installation when given).
 * A site's zone names come with its tree for `metricId` (sourceTree), which a request reads next.
 */
export async function targetNames(ctx: Context, kind: TargetKind, ids: number[], installationId?: number, metricId = ''): Promise<Map<number, string>> {
  if (kind === 'zone' && installationId !== undefined) {
    const zones = new Map((await loaders(ctx).zones.load(`${installationId}|${metricId}`)).map((z) => [z.id, z.name]));
    return new Map(ids.filter((id) => zones.has(id)).map((id) => [id, zones.get(id)!]));
  }
  const found = await loaders(ctx).targets[kind].loadAll(ids);
  const names = new Map<number, string>();
  ids.forEach((id, i) => {
    const target = found[i];
    if (target && (installationId === undefined || target.installationId === installationId)) names.set(id, target.name);
  });
  return names;
}

/** Floor area (m²) of each existing target: a zone's own, or that of the zone a device or passage is in. */
export async function areasOf(ctx: Context, kind: TargetKind, ids: number[]): Promise<Map<number, number | null>> {
  const found = await loaders(ctx).areas[kind].loadAll(ids);
  const areas = new Map<number, number | null>();
  ids.forEach((id, i) => {
    const known = found[i];
    if (known) areas.set(id, known.area);
  });
  return areas;
}

/**
 * The site's zone tree, the devices placed in its zones, and which of the targets whose answer
 * matters (targetsToProbe) hold readings of the metric; once per site and metric in an operation.
 */
export function sourceTree(ctx: Context, site: { id: number; organizationId: number }, metric: StoredMetric): Promise<SourceTree> {
  const { trees } = loaders(ctx);
  const key = `${site.id}|${metric.id}`;
  let tree = trees.get(key);
  if (!tree) {
    tree = loadTree(ctx, site, metric);
    trees.set(key, tree);
  }
  return tree;
}

async function loadTree(ctx: Context, site: { id: number; organizationId: number }, metric: StoredMetric): Promise<SourceTree> {
  const l = loaders(ctx);
  const [siteZones, devices] = await Promise.all([l.zones.load(`${site.id}|${metric.id}`), metric.targets.includes('device') ? l.devices.load(site.id) : []]);
  const live = siteZones.filter((z) => !z.deleted);
  const zones = live.map((z) => ({ id: z.id, parentId: z.parentId }));
  const holds = new Map(live.map((z) => [`zone:${z.id}`, z.held ? z.held.has(metric.id) : null]));
  const targets = targetsToProbe(zones, devices);
  // Devices, and any zone the zones' statement did not look at, are looked up now.
  const unknown = targets.filter((t) => (holds.get(t) ?? null) === null);
  const held = await l.withReadings.loadAll(unknown.map((t) => `${site.organizationId}|${metric.id}|${t.replace(':', '|')}`));
  unknown.forEach((t, i) => holds.set(t, held[i]!));
  return { zones, devices, withReadings: new Set(targets.filter((t) => holds.get(t))) };
}

/** The rows of one engine statement; PGlite runs the statements of one round with the same text as one. */
export async function engineRows(ctx: Context, text: string, params: unknown[]): Promise<EngineRow[]> {
  const profile = profileOf(ctx.request);
  if (ctx.database.engine !== 'pglite') return timed(profile, 'sql', async () => jsonRows(await analyticsReader(ctx), text, params, versionsCarrier(ctx)));
  return timed(profile, 'sql', () => loaders(ctx).statements.query(text, params));
}

/**
 * An engine statement's rows read as one JSON array, in the statement's order (series, t, k, which
 * each statement groups by): the database client decodes one value instead of a row per point, which
 * cost more than the SQL itself for a month of hours (721 rows). Numbers and instants come back as
 * JSON numbers and ISO strings with their offset, to the same values (runRetailQuery reads both).
 */
async function jsonRows(sql: SqlClient, text: string, params: unknown[], carrier: ReturnType<typeof versionsCarrier> = null): Promise<EngineRow[]> {
  type Row = { rows: Array<[string, string | null, string | null, number | string | null]>; versions?: Array<[number, string]> | null };
  const rowsColumn = `coalesce(json_agg(json_build_array(e.series, e.t, e.k, e.value) order by e.series, e.t, e.k), '[]') as rows`;
  // A trial's statement also reads its request's data versions, in the same snapshot (speculation.ts).
  const query = carrier
    ? sql.query<Row>(`select ${rowsColumn}, ${versionsColumn(params.length + 1)} as versions from (${text}) e`, [...params, [...carrier.organizationIds]])
    : sql.query<Row>(`select ${rowsColumn} from (${text}) e`, params);
  const { rows } = await query.catch((error: unknown) => {
    carrier?.failed();
    throw error;
  });
  carrier?.carried(versionsFromRows(rows[0]!.versions ?? null, carrier.organizationIds));
  return rows[0]!.rows.map(([series, t, k, value]) => ({ series, t, k, value }));
}

/** Rows of several statements made one (lateralStatements or unionStatements), as one JSON array, by statement number q. */
export async function jsonUnionRows(sql: SqlClient, text: string, params: unknown[]): Promise<EngineRow[][]> {
  const { rows } = await sql.query<{ rows: Array<[number, string, string | null, string | null, number | string | null]> }>(
    `select coalesce(json_agg(json_build_array(e.q, e.series, e.t, e.k, e.value) order by e.q, e.series, e.t, e.k), '[]') as rows from (${text}) e`,
    params,
  );
  const answers: EngineRow[][] = [];
  for (const [q, series, t, k, value] of rows[0]!.rows) (answers[q] ??= []).push({ series, t, k, value });
  return answers;
}

/**
 * PGlite answers one statement at a time on its single connection, and each costs a round trip,
 * a parse and a plan: the statements a batch of widgets asks together, when they share their text
 * (same metric, group-by, granularity and date shape), go as one. PostgreSQL keeps them apart, to
 * run them side by side on its pool.
 */
class StatementBatch {
  private pending: Array<{ text: string; params: unknown[]; resolve: (rows: EngineRow[]) => void; reject: (e: unknown) => void }> = [];

  constructor(private readonly database: Database) {}

  query(text: string, params: unknown[]): Promise<EngineRow[]> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) void Promise.resolve().then(() => process.nextTick(() => this.dispatch()));
      this.pending.push({ text, params, resolve, reject });
    });
  }

  private dispatch(): void {
    const byText = new Map<string, typeof this.pending>();
    for (const p of this.pending) {
      const group = byText.get(p.text) ?? [];
      group.push(p);
      byText.set(p.text, group);
    }
    this.pending = [];
    for (const group of byText.values()) void this.run(group);
  }

  private async run(group: typeof this.pending): Promise<void> {
    const one = (p: (typeof group)[number]) => jsonRows(this.database.sql, p.text, p.params).then(p.resolve, p.reject);
    if (group.length === 1) return one(group[0]!);
    // Planned once (lateralStatements) when the parameters allow, else a union.
    for (const combine of [lateralStatements, unionStatements]) {
      const combined = combine(group);
      if (!combined) continue;
      try {
        const answers = await jsonUnionRows(this.database.sql, combined.text, combined.params);
        group.forEach((p, i) => p.resolve(answers[i] ?? []));
        return;
      } catch {
        // The next way; in the end each statement fails (or not) on its own, with its own error.
      }
    }
    await Promise.all(group.map(one));
  }
}

/**
 * The site's live zones as a tree (id and parent), from the same lookup as the metric's source tree
 * (same key: the request that follows reads it from the operation's cache, no second statement).
 */
export async function liveZoneTree(ctx: Context, installationId: number, metricId: string): Promise<Array<{ id: number; parentId: number | null }>> {
  const zones = await loaders(ctx).zones.load(`${installationId}|${metricId}`);
  return zones.filter((z) => !z.deleted).map((z) => ({ id: z.id, parentId: z.parentId }));
}

/** The site's devices with the zone each is placed in, read once per operation. */
export function siteDevices(ctx: Context, installationId: number): Promise<Array<{ id: number; zoneId: number | null }>> {
  return loaders(ctx).devices.load(installationId);
}
