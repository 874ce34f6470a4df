import { type StoredMetric, storedMetric, zoneSources } from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import { badInput } from '../../../graphql/errors.ts';
import { chargeCost, chargePoints, chargeRequest, checkBudget } from '../run/engineBudget.ts';
import { STATEMENT_COST } from '../run/engineCost.ts';
import { inEngineTurn } from '../run/engineTurns.ts';
import { siteOf, sourceTree } from '../run/operationLoaders.ts';

export interface SiteZones {
  installationId: number;
  zoneIds: number[];
}

/** Each metric's sum per zone: metric id → zone id → sum (a zone with no stored value is absent). */
export type ZoneMonthSums = Map<string, Map<number, number>>;

/**
 * Stored metrics summed per zone (with its dependents, as retailData's zone group-by reads them)
 * over whole business months, for the zones of many sites in one statement: each metric counted as
 * one request of the call's budget. A business month is a row of the month rollup (its first
 * business day as the key, in the site's time zone and change of day), so the sum over a site's
 * months is exactly retailData's sum over the same dates, which reads the same rows (rollupLevel
 * picks the month rollup for ranges from a month's first business day to the next one's); the
 * statement reads only those rows, through the rollup's key, rather than building and planning a
 * retailData statement per site and metric (the sales funnel: 50 shops on 50 sites, 5 metrics).
 */
export async function zoneMonthSums(ctx: Context, metricIds: string[], asks: SiteZones[], months: string[]): Promise<ZoneMonthSums> {
  const metrics: StoredMetric[] = metricIds.map((id) => {
    chargeRequest(ctx);
    const metric = storedMetric(id);
    if (!metric || !metric.targets.includes('zone')) throw badInput('metric', 'unknown metric');
    return metric;
  });
  const sums: ZoneMonthSums = new Map(metrics.map((m) => [m.id, new Map()]));
  if (asks.length === 0 || months.length === 0) return sums;
  return inEngineTurn(ctx, async () => {
    checkBudget(ctx);
    // One row per source of a zone and metric (m: the metric's index in `metrics`).
    const src = { organization: [] as number[], kind: [] as string[], id: [] as number[], metric: [] as string[], m: [] as number[], zone: [] as number[] };
    await Promise.all(
      asks.map(async (ask) => {
        const site = await siteOf(ctx, ask.installationId);
        // Every metric's tree asked at once: one statement for all the sites and metrics (operationLoaders).
        const trees = await Promise.all(metrics.map((metric) => sourceTree(ctx, site, metric)));
        for (const [m, metric] of metrics.entries()) {
          const tree = trees[m]!;
          for (const zoneId of new Set(ask.zoneIds)) {
            const seen = new Set<string>();
            for (const s of zoneSources(tree, zoneId)) {
              if (seen.has(`${s.kind}:${s.id}`)) continue;
              seen.add(`${s.kind}:${s.id}`);
              src.organization.push(site.organizationId);
              src.kind.push(s.kind);
              src.id.push(s.id);
              src.metric.push(metric.id);
              src.m.push(m);
              src.zone.push(zoneId);
            }
          }
        }
      }),
    );
    if (src.id.length === 0) return sums;
    chargeCost(ctx, STATEMENT_COST + src.id.length * months.length);
    // One index range of the rollup's key (organization, kind, target, metric, breakdown, month) per
    // source; grouped on integers, and answered as one JSON value (PGlite decodes rows field by field).
    const { rows } = await ctx.database.sql.query<{ sums: Array<[number, number, number]> }>(
      `select coalesce(json_agg(json_build_array(m, zone, value)), '[]') as sums from (
         select src.m, src.zone, sum(r.sum) as value
           from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::int[], $6::int[]) as src(organization_id, kind, id, metric, m, zone)
           join rollup_month r on r.organization_id = src.organization_id and r.target_kind = src.kind and r.target_id = src.id
             and r.metric = src.metric and r.breakdown = '' and r.month = any($7::date[])
          group by 1, 2) g`,
      [src.organization, src.kind, src.id, src.metric, src.m, src.zone, months],
    );
    const found = rows[0]?.sums ?? [];
    chargePoints(ctx, found.length);
    for (const [m, zone, value] of found) sums.get(metrics[m]!.id)!.set(Number(zone), Number(value));
    return sums;
  });
}
