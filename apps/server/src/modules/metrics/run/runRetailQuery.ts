import type { Context } from '../../../graphql/context.ts';
import { type RetailQuery, sourcesOf } from '../sql/retailQuery.ts';
import { buildRetailSql } from '../sql/retailSql.ts';
import { engineRows, targetNames } from './operationLoaders.ts';
import { chargeCost, chargePoints } from './engineBudget.ts';
import { statementCost } from './engineCost.ts';

export interface RetailSeries {
  key: string;
  label: string;
  points: Array<{ t: Date | null; key: string | null; value: number | null }>;
}

/** Runs one query and shapes its rows into series (one "all" series, or one per target). */
export async function runRetailQuery(ctx: Context, query: RetailQuery): Promise<RetailSeries[]> {
  const { text, params, level } = buildRetailSql(query);
  chargeCost(ctx, statementCost(query, level));
  const [rows, names] = await Promise.all([engineRows(ctx, text, params), seriesNames(ctx, query)]);
  chargePoints(ctx, rows.length);
  const bySeries = new Map<string, RetailSeries>();
  for (const row of rows) {
    const key = String(row.series);
    let series = bySeries.get(key);
    if (!series) {
      series = { key, label: names.get(Number(key)) ?? key, points: [] };
      bySeries.set(key, series);
    }
    series.points.push({ t: row.t === null ? null : new Date(row.t), key: row.k, value: row.value === null ? null : Number(row.value) });
  }
  const series = [...bySeries.values()];
  // Keys are text in SQL; targets and tags read in id order.
  if (query.groupBy === 'target' || query.groupBy === 'tag' || query.groupBy === 'value') series.sort((a, b) => Number(a.key) - Number(b.key));
  return series;
}

async function seriesNames(ctx: Context, query: RetailQuery): Promise<Map<number, string>> {
  if (query.groupBy === 'target') return targetNames(ctx, query.seriesKind ?? query.targetKind, [...new Set(sourcesOf(query).map((s) => Number(s.series)))]);
  if (query.groupBy !== 'tag' || !query.groupTagIds?.length) return new Map();
  const { rows } = await ctx.database.sql.query<{ id: number; name: string }>('select id, name from tags where id = any($1::int[])', [query.groupTagIds]);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
