/**
 * The series (metric and breakdown) each target holds in `readings`, found by skipping through its
 * primary key: one index probe per series, however many readings each holds. `readings` has no
 * other index (docs/decisions.md, "One index on readings"), so the questions that do not name a
 * metric (the live values, the simulator's restart point) start from here.
 *
 * `targets` is a query of (kind, id) rows; $1 must be the organization's id. The result is the
 * opening of a WITH RECURSIVE that defines `series(kind, id, metric, breakdown)`.
 */
export function seriesOfTargets(targets: string): string {
  return `with recursive targets(kind, id) as (${targets}),
  series(kind, id, metric, breakdown) as (
    select t.kind, t.id, f.metric, f.breakdown from targets t
      cross join lateral (select r.metric, r.breakdown from readings r
                           where r.organization_id = $1 and r.target_kind = t.kind and r.target_id = t.id
                           order by r.metric, r.breakdown limit 1) f
    union all
    select s.kind, s.id, n.metric, n.breakdown from series s
      cross join lateral (select r.metric, r.breakdown from readings r
                           where r.organization_id = $1 and r.target_kind = s.kind and r.target_id = s.id
                             and (r.metric, r.breakdown) > (s.metric, s.breakdown)
                           order by r.metric, r.breakdown limit 1) n
  )`;
}

/** Every zone, passage and device of the organization's installations, deleted zones included (their readings stay). */
export const ORGANIZATION_TARGETS = `
  select 'zone'::text, z.id from zones z join installations i on i.id = z.installation_id where i.organization_id = $1
  union all select 'passage', p.id from passages p join installations i on i.id = p.installation_id where i.organization_id = $1
  union all select 'device', d.id from devices d join installations i on i.id = d.installation_id where i.organization_id = $1`;

/** The newest reading time of the organization, or null when it has none. */
export const NEWEST_READING = `${seriesOfTargets(ORGANIZATION_TARGETS)}
  select max(l.ts) as ts from series s
    cross join lateral (select max(r.ts) as ts from readings r
                         where r.organization_id = $1 and r.target_kind = s.kind and r.target_id = s.id
                           and r.metric = s.metric and r.breakdown = s.breakdown) l`;
