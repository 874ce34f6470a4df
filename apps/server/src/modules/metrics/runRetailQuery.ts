import type { Context } from '../../graphql/context.ts';
import { type RetailQuery, buildRetailSql } from './retailQuery.ts';
import { targetNames } from './targets.repo.ts';

export interface RetailSeries {
  key: string;
  label: string;
  points: Array<{ t: Date | null; key: string | null; value: number | null }>;
}

/** Runs one query and shapes its rows into series (one "all" series, or one per target). */
export async function runRetailQuery(ctx: Context, query: RetailQuery): Promise<RetailSeries[]> {
  const { text, params } = buildRetailSql(query);
  const { rows } = await ctx.database.sql.query<{ series: string; t: Date | string | null; k: string | null; value: number | string | null }>(text, params);
  const names = query.groupBy === 'target' ? await targetNames(ctx.database, query.targetKind, query.targetIds) : new Map<number, string>();
  const bySeries = new Map<string, RetailSeries>();
  for (const row of rows) {
    const key = String(row.series);
    let series = bySeries.get(key);
    if (!series) {
      series = { key, label: query.groupBy === 'target' ? (names.get(Number(key)) ?? key) : key, points: [] };
      bySeries.set(key, series);
    }
    series.points.push({ t: row.t === null ? null : new Date(row.t), key: row.k, value: row.value === null ? null : Number(row.value) });
  }
  return [...bySeries.values()];
}
