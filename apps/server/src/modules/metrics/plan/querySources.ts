import { type SeriesSource, type StoredMetric, type TargetKind, ownSources, uniqueSources, zoneSources, zonesWithDependents } from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import { badInput } from '../../../graphql/errors.ts';
import type { InstallationRow } from '../../installations/installations.repo.ts';
import { sourceTree } from '../run/operationLoaders.ts';
import { placedIn, zonesByTag } from './sources.repo.ts';

export interface SourcePlan {
  targetKind: TargetKind;
  targetIds: number[];
  /** zone (with dependents), zoneId (own readings), device, passage, tag, or anything else (one series). */
  split: 'zone' | 'zoneId' | 'device' | 'passage' | 'tag' | 'target' | 'all';
  groupTagIds: number[] | null;
}

/**
 * Which stored targets feed which series. A zone reads its own readings, else the devices placed in
 * it, else its dependent zones' sources (domain seriesSources.ts); passages and devices read themselves.
 */
export async function querySources(ctx: Context, site: InstallationRow, metric: StoredMetric, plan: SourcePlan): Promise<{ sources: SeriesSource[]; seriesKind: TargetKind }> {
  const { targetKind, targetIds, split } = plan;
  if (targetKind !== 'zone') {
    if (split !== 'target' && split !== 'all') throw badInput('groupBy', `group-by ${split} needs zone targets`);
    return { sources: targetIds.map((id) => ({ series: split === 'target' ? String(id) : 'all', kind: targetKind, id })), seriesKind: targetKind };
  }
  const tree = await sourceTree(ctx, site, metric);
  const withDependents = (id: number) => zoneSources(tree, id);
  const each = (ids: number[], read: (id: number) => Array<{ kind: TargetKind; id: number }>, series: (id: number) => string) =>
    ids.flatMap((id) => read(id).map((s) => ({ ...s, series: series(id) })));
  switch (split) {
    case 'zone':
      return { sources: each(targetIds, withDependents, String), seriesKind: 'zone' };
    case 'zoneId':
      return { sources: each(targetIds, (id) => ownSources(tree, id), String), seriesKind: 'zone' };
    case 'tag': {
      const pairs = await zonesByTag(ctx.database, plan.groupTagIds ?? [], targetIds);
      const sources = pairs.flatMap(({ tagId, zoneId }) => withDependents(zoneId).map((s) => ({ ...s, series: String(tagId) })));
      return { sources: uniqueSources(sources), seriesKind: 'zone' };
    }
    case 'device':
    case 'passage': {
      if (!metric.targets.includes(split)) throw badInput('groupBy', `metric not measured on ${split}s`);
      // Placed in the requested zones or any zone depending on them.
      const placed = await placedIn(ctx.database, split, [...zonesWithDependents(tree.zones, targetIds)]);
      return { sources: placed.map((t) => ({ series: String(t.id), kind: split, id: t.id })), seriesKind: split };
    }
    default:
      return { sources: uniqueSources(each(targetIds, withDependents, () => 'all')), seriesKind: 'zone' };
  }
}
