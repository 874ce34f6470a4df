import type { TargetKind } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';

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

// Only the last day is searched: a value older than that is not "live".
export async function latestValues(database: Database, organizationId: number, installationId: number, metrics: string[] | null, now: Date): Promise<LatestValue[]> {
  const { rows } = await database.sql.query<LatestValue>(
    `select distinct on (r.target_kind, r.target_id, r.metric)
            r.target_kind as "targetKind", r.target_id as "targetId", s.name as label, r.metric, r.ts, r.value
       from readings r
       join (select 'zone' as kind, id, name from zones where installation_id = $2
             union all select 'passage', id, name from passages where installation_id = $2
             union all select 'device', id, name from devices where installation_id = $2) s
         on s.kind = r.target_kind and s.id = r.target_id
      where r.organization_id = $1 and r.breakdown = '' and r.ts > $3 and r.ts <= $4
        and ($5::text[] is null or r.metric = any($5::text[]))
      order by r.target_kind, r.target_id, r.metric, r.ts desc`,
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
