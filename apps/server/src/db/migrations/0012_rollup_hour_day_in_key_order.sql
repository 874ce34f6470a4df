-- The hour and day rollups' rows in the order of their key, once, as 0011 did for months: a site's
-- 30 days of hours (10 zones, 7,200 rows) then sit on about a hundred pages instead of one page
-- per row. rebuildRollups now writes them in that order.
CLUSTER "rollup_hour" USING "rollup_hour_organization_id_target_kind_target_id_metric_breakd";--> statement-breakpoint
CLUSTER "rollup_day" USING "rollup_day_organization_id_target_kind_target_id_metric_breakdo";
