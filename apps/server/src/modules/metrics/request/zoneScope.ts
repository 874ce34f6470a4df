import { type TargetKind, scopeTargets, storedMetric, zoneWithDependents } from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import { badInput } from '../../../graphql/errors.ts';
import type { InstallationRow } from '../../installations/installations.repo.ts';
import { liveZoneTree, siteDevices, topZone } from '../run/operationLoaders.ts';
import type { RetailDataInput } from './retailRequest.ts';
import { placedIn } from '../plan/sources.repo.ts';

/**
 * The page's zone filter, sent as a `zone` condition, narrows whatever the widget targets to the
 * selected zone and its dependents (domain scopeTargets); the rest of the engine then reads a plain
 * request. Null when nothing of the widget lies in the selected zone: the answer is empty.
 */
export async function withZoneScope(ctx: Context, site: InstallationRow, input: RetailDataInput): Promise<RetailDataInput | null> {
  const conditions = input.filters?.conditions ?? [];
  const scopes = conditions.filter((c) => c.type === 'zone');
  if (scopes.length === 0) return input;
  const zoneIds = [...new Set(scopes.flatMap((c) => c.values ?? []).map(Number))];
  if (zoneIds.length !== 1 || !Number.isInteger(zoneIds[0]) || zoneIds[0]! <= 0) throw badInput('filters', 'a zone condition holds one zone id');
  const scopeZoneId = zoneIds[0]!;
  const zones = await liveZoneTree(ctx, site.id, storedMetric(input.metric)?.id ?? '');
  if (!zones.some((z) => z.id === scopeZoneId)) throw badInput('filters', 'unknown zone');
  const kind = (input.target?.kind ?? 'zone') as TargetKind;
  const ids = input.target?.ids ?? [(await topZone(ctx, site.id))?.id].filter((id): id is number => id !== undefined);
  // Devices come from the operation's one lookup of the site's devices; passages are rarer.
  const placed = kind === 'zone' ? [] : kind === 'device' ? await siteDevices(ctx, site.id) : await placedIn(ctx.database, 'passage', [...zoneWithDependents(zones, scopeZoneId)]);
  const perZone = kind === 'zone' && input.groupBy?.type === 'zone';
  const scoped = scopeTargets({ kind, ids, scopeZoneId, zones, placed, perZone });
  if (scoped.length === 0) return null;
  return {
    ...input,
    target: { kind, ids: scoped },
    filters: { ...input.filters, conditions: conditions.filter((c) => c.type !== 'zone') },
  };
}
