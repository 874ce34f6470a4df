import type { Database } from '../../db/database.ts';

export const OUTDOOR_TEMPERATURE = 'outdoorTemperature';

/** First and last business day with an outdoor temperature on any zone of the site, or null (from the day rollup). */
export async function outdoorTemperatureDays(database: Database, site: { id: number; organizationId: number }): Promise<{ first: string; last: string } | null> {
  const { rows } = await database.sql.query<{ first: string | null; last: string | null }>(
    `select min(d.day)::text as first, max(d.day)::text as last
       from rollup_day d join zones z on d.target_kind = 'zone' and z.id = d.target_id
      where d.organization_id = $1 and z.installation_id = $2 and d.metric = $3 and d.breakdown = ''`,
    [site.organizationId, site.id, OUTDOOR_TEMPERATURE],
  );
  const row = rows[0];
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/** Hours (epoch hour numbers) in [from, to) that already hold an outdoor temperature of the zone. */
export async function outdoorTemperatureHours(database: Database, organizationId: number, zoneId: number, from: Date, to: Date): Promise<Set<number>> {
  const { rows } = await database.sql.query<{ hour: string | number }>(
    `select distinct floor(extract(epoch from ts) / 3600)::bigint as hour from readings
      where organization_id = $1 and target_kind = 'zone' and target_id = $2 and metric = $3 and breakdown = '' and ts >= $4 and ts < $5`,
    [organizationId, zoneId, OUTDOOR_TEMPERATURE, from.toISOString(), to.toISOString()],
  );
  return new Set(rows.map((r) => Number(r.hour)));
}
