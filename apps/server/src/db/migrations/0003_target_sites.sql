-- Every reading target (zone, passage, device) with its installation's time zone and change of day:
-- rollups bucket hours on that local clock and days on those business days.
CREATE VIEW "target_sites" AS
  SELECT 'zone'::text AS kind, z.id, i.id AS installation_id, i.timezone AS tz, i.change_of_day_time::interval AS cod
    FROM zones z JOIN installations i ON i.id = z.installation_id
  UNION ALL
  SELECT 'passage'::text, p.id, i.id, i.timezone, i.change_of_day_time::interval
    FROM passages p JOIN installations i ON i.id = p.installation_id
  UNION ALL
  SELECT 'device'::text, d.id, i.id, i.timezone, i.change_of_day_time::interval
    FROM devices d JOIN installations i ON i.id = d.installation_id;
