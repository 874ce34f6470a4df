-- The month rollup's rows in the order of its key, once: a year of one site's zones then sits on a
-- few pages instead of one page per row (rebuildRollups now writes them in that order).
CLUSTER "rollup_month" USING "rollup_month_organization_id_target_kind_target_id_metric_break";
