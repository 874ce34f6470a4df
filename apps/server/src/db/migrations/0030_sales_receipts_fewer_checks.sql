-- A sales import writes up to ~170,000 receipts in one statement; each foreign key is a check per
-- row (on PGlite about 1 s per key for 150,000 receipts). The zone's key stays: it cascades a
-- deleted zone's receipts, and an organization's deletion reaches them through its installations
-- and zones. The organization's key only repeated that (the import writes a zone of the
-- organization, found by its shop code), and an import is never deleted but with its organization.
ALTER TABLE "sales_receipts" DROP CONSTRAINT "sales_receipts_organization_id_organizations_id_fk";--> statement-breakpoint
ALTER TABLE "sales_receipts" DROP CONSTRAINT "sales_receipts_import_id_sales_imports_id_fk";
