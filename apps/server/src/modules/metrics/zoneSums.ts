import { storedMetric } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { chargePoints, chargeRequest, checkBudget } from './engineBudget.ts';
import { inEngineTurn } from './engineTurns.ts';
import { lateralStatements } from './lateralStatements.ts';
import { jsonUnionRows, siteOf } from './operationLoaders.ts';
import { buildRetailSql, unionStatements } from './retailQuery.ts';
import { type ConditionInput, toQuery } from './retailRequest.ts';

export interface SiteZoneSums {
  installationId: number;
  zoneIds: number[];
  conditions: ConditionInput[];
}

/**
 * One stored metric summed per zone (with its dependents) over each site's date conditions, for
 * the zones of many sites at once: each site's part is the statement retailData would run for it
 * (toQuery, grouped by zone, summed), and the parts go to the engine as one statement, counted as
 * one request of the call's budget. The sales funnel asks this for 50 shops on 50 sites where one
 * retailData per site would be 50 requests and 50 statements per metric.
 */
export async function zoneSumsAcrossSites(ctx: Context, metricId: string, asks: SiteZoneSums[]): Promise<Map<number, number | null>> {
  chargeRequest(ctx);
  const metric = storedMetric(metricId);
  if (!metric) throw badInput('metric', 'unknown metric');
  if (asks.length === 0) return new Map();
  return inEngineTurn(ctx, async () => {
    checkBudget(ctx);
    const statements = await Promise.all(
      asks.map(async (ask) => {
        const site = await siteOf(ctx, ask.installationId);
        const input = { installationId: site.id, metric: metric.id, target: { kind: 'zone', ids: ask.zoneIds }, groupBy: { type: 'zone', aggregation: 'sum' }, filters: { conditions: ask.conditions } };
        return buildRetailSql(await toQuery(ctx, site, metric, input));
      }),
    );
    const answers = await (async () => {
      const lateral = lateralStatements(statements);
      if (lateral) {
        try {
          return await jsonUnionRows(ctx.database, lateral.text, lateral.params);
        } catch {
          // A union instead, as the statement batch does.
        }
      }
      const union = unionStatements(statements);
      return jsonUnionRows(ctx.database, union.text, union.params);
    })();
    chargePoints(ctx, answers.reduce((n, rows) => n + (rows?.length ?? 0), 0));
    const sums = new Map<number, number | null>();
    for (const rows of answers) for (const row of rows ?? []) sums.set(Number(row.series), row.value === null ? null : Number(row.value));
    return sums;
  });
}
