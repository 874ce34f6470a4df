-- A sales import writes up to ~170,000 receipts; the zone's foreign key was a check per row (1.5 to
-- 1.9 s of a first import's 150,000 on PGlite, measured with COPY: docs/benchmarks.md). The import
-- writes only zones it has just found by their shop code. What the key did besides, cascading a
-- deleted zone's receipts (zones are soft-deleted; a row goes only with its installation or
-- organization), is now one statement-level trigger: it costs on deletion, not on every receipt.
ALTER TABLE "sales_receipts" DROP CONSTRAINT "sales_receipts_zone_id_zones_id_fk";--> statement-breakpoint
CREATE FUNCTION "sales_receipts_of_deleted_zones"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sales_receipts" r USING "deleted_zones" d WHERE r."zone_id" = d."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "zones_delete_sales_receipts" AFTER DELETE ON "zones" REFERENCING OLD TABLE AS "deleted_zones" FOR EACH STATEMENT EXECUTE FUNCTION "sales_receipts_of_deleted_zones"();
