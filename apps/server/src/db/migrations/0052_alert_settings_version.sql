-- An alert's settings (its condition, actions, planning, site, schedule, switch) against its state
-- (triggered, reminders sent), which moves at every evaluation. A process keeps what reads settings
-- only under this version, read in one small statement: what an ingest batch wakes (alertWakeUp.ts,
-- with row 0 of data_versions for the sites' trees) and the details an evaluation round reads
-- (roundDetails.ts). The database moves it in the writing transaction, whatever code path writes.
CREATE TABLE "alert_settings_version" (
  "id" integer PRIMARY KEY CHECK ("id" = 1),
  "version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "alert_settings_version" VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION "bump_alert_settings_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "alert_settings_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "alert_conditions_settings_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alert_conditions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_alert_settings_version"();--> statement-breakpoint
CREATE TRIGGER "alert_actions_settings_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alert_actions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_alert_settings_version"();--> statement-breakpoint
CREATE TRIGGER "alert_plannings_settings_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "alert_plannings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_alert_settings_version"();--> statement-breakpoint
CREATE TRIGGER "alerts_settings_version" AFTER INSERT OR DELETE OR TRUNCATE ON "alerts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_alert_settings_version"();--> statement-breakpoint
-- Every column but the state's (triggered, open_log_id, notified_count, last_notified_at, clearing_since).
CREATE TRIGGER "alerts_settings_version_update" AFTER UPDATE OF "organization_id", "installation_id", "event_id", "name", "enabled", "schedule", "reminder_minutes", "planning_id", "created_by", "created_at", "updated_at", "armed_at" ON "alerts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_alert_settings_version"();
