-- The SQL twins of bucketStart and businessDayRange in packages/domain (time/bucketStart.ts).

-- Start of the sub-day bucket (g seconds, a divisor of a day) holding ts on the local clock of tz.
-- Stepping back by the local remainder gives candidate c; when the offset changed between c and ts
-- (a half-hour DST change, as on Lord Howe), the bucket starts at the change instead.
CREATE FUNCTION local_bucket_start(ts timestamptz, tz text, g double precision) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (ts - make_interval(secs => mod(extract(epoch from (ts at time zone tz))::numeric, g::numeric)::double precision))
    + make_interval(secs => mod(mod(
        (extract(epoch from (ts at time zone tz)) - extract(epoch from ts))
        - (extract(epoch from (((ts - make_interval(secs => mod(extract(epoch from (ts at time zone tz))::numeric, g::numeric)::double precision))) at time zone tz))
           - extract(epoch from (ts - make_interval(secs => mod(extract(epoch from (ts at time zone tz))::numeric, g::numeric)::double precision)))),
        g::numeric) + g::numeric, g::numeric)::double precision)
$$;
--> statement-breakpoint

-- The instant of a local time; a time that happens twice (clocks turned back) takes the earlier one.
CREATE FUNCTION local_start(local timestamp, tz text) RETURNS timestamptz
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN ((local at time zone tz) - interval '1 hour') at time zone tz = local
              THEN (local at time zone tz) - interval '1 hour'
              WHEN ((local at time zone tz) - interval '30 minutes') at time zone tz = local
              THEN (local at time zone tz) - interval '30 minutes'
              ELSE local at time zone tz END
$$;
