-- The result cache (issue 33 item 4): an analytics answer is kept under the data versions it was
-- computed from, so a version that moves makes every answer read before it unreachable. The database
-- moves them, in the same transaction as the write, whatever code path writes: one row per
-- organization for its readings and rollups, and row 0 for what every answer reads besides (sites,
-- zones, devices, passages, tags: their time zones, names, areas and trees) and for a truncation.
CREATE TABLE "data_versions" (
  "organization_id" integer PRIMARY KEY,
  "version" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "data_versions" VALUES (0, 1);--> statement-breakpoint
-- Once per statement, over its changed rows (a batch of 50,000 readings moves each organization once).
CREATE FUNCTION "bump_data_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "data_versions" ("organization_id", "version")
    SELECT DISTINCT "organization_id", 1 FROM "changed" ORDER BY 1
    ON CONFLICT ("organization_id") DO UPDATE SET "version" = "data_versions"."version" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "bump_shared_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "organization_id" = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['readings', 'rollup_hour', 'rollup_day', 'rollup_month', 'rollup_day_values'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_versions"()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_versions"()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_versions"()', t || '_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"()', t || '_version_truncate', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['installations', 'zones', 'devices', 'passages', 'tags', 'zone_tags'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"()', t || '_version_shared', t);
  END LOOP;
END
$$;
