import type { TargetKind } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { seriesOfTargets } from '../metrics/run/readingSeries.ts';

export interface LatestValue {
  targetKind: string;
  targetId: number;
  label: string;
  metric: string;
  ts: Date;
  value: number;
}

export interface SiteTarget {
  kind: string;
  id: number;
  name: string;
  top: boolean;
}

/** Every target of an installation, keyed "kind:id". */
export async function siteTargets(database: Database, installationId: number): Promise<Map<string, SiteTarget>> {
  const { rows } = await database.sql.query<SiteTarget>(
    `select 'zone' as kind, id, name, parent_id is null as top from zones where installation_id = $1 and deleted_at is null
     union all select 'passage', id, name, false from passages where installation_id = $1
     union all select 'device', id, name, false from devices where installation_id = $1`,
    [installationId],
  );
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, { ...r, id: Number(r.id) }]));
}

// Only the last day is searched: a value older than that is not "live". One probe of the primary
// key per series of the installation's targets (seriesOfTargets), then one for its newest total.
export async function latestValues(database: Database, organizationId: number, installationId: number, metrics: string[] | null, now: Date): Promise<LatestValue[]> {
  const { rows } = await database.sql.query<LatestValue>(
    `${seriesOfTargets(`select 'zone'::text, id from zones where installation_id = $2
                        union all select 'passage', id from passages where installation_id = $2
                        union all select 'device', id from devices where installation_id = $2`)}
     select s.kind as "targetKind", s.id as "targetId", coalesce(z.name, p.name, d.name) as label, s.metric, l.ts, l.value
       from series s
       cross join lateral (select r.ts, r.value from readings r
                            where r.organization_id = $1 and r.target_kind = s.kind and r.target_id = s.id
                              and r.metric = s.metric and r.breakdown = '' and r.ts > $3 and r.ts <= $4
                            order by r.ts desc limit 1) l
       left join zones z on s.kind = 'zone' and z.id = s.id
       left join passages p on s.kind = 'passage' and p.id = s.id
       left join devices d on s.kind = 'device' and d.id = s.id
      where s.breakdown = '' and ($5::text[] is null or s.metric = any($5::text[]))
      order by s.kind, s.id, s.metric`,
    [organizationId, installationId, new Date(now.getTime() - 86_400_000), now, metrics],
  );
  return rows.map((r) => ({ ...r, targetId: Number(r.targetId), ts: new Date(r.ts), value: Number(r.value) }));
}

export async function inflowSince(database: Database, organizationId: number, kind: TargetKind, ids: number[], since: Date, now: Date): Promise<number> {
  const { rows } = await database.sql.query<{ total: number | null }>(
    `select sum(value) as total from readings
      where organization_id = $1 and target_kind = $2 and target_id = any($3::int[])
        and metric = 'visitorsIn' and breakdown = '' and ts >= $4 and ts <= $5`,
    [organizationId, kind, ids, since, now],
  );
  return Number(rows[0]?.total ?? 0);
}
