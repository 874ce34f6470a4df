-- Sales files (issue 29, item 12): a receipt is keyed by what its id says, whatever encoding its file
-- was read in. Before, a UTF-8 file with one Windows-1252 byte was read whole as Windows-1252: its
-- BOM became "ï»¿" and "Café" became "CafÃ©" in the stored ids, so the corrected file added its
-- receipts beside them. sales_receipt_key is the rule of packages/domain's salesReceiptKey (a test
-- holds them equal): such a text is repaired to what its bytes said, put in NFC, control characters
-- dropped. Receipts that were counted twice that way (two rows, one key) stay as they are, counted
-- as before, the older under the key chr(1) || its id (no real key starts with chr(1)); the next
-- import of the receipt replaces both. The import records the encoding it read a CSV in.
CREATE FUNCTION "sales_receipt_key"(id text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  s text := regexp_replace(regexp_replace(id, '^(\uFEFF|ï»¿)+', ''), '[\x01-\x1f\x7f]', '', 'g');
  high constant text := '€' || chr(129) || '‚ƒ„…†‡ˆ‰Š‹Œ' || chr(141) || 'Ž' || chr(143) || chr(144) || '‘’“”•–—˜™š›œ' || chr(157) || 'žŸ';
  b bytea;
  c int;
  p int;
BEGIN
  IF s ~ '[^\x01-\x7f]' THEN
    b := '\x'::bytea;
    FOR i IN 1..length(s) LOOP
      c := ascii(substr(s, i, 1));
      IF c < 128 OR (c >= 160 AND c <= 255) THEN
        b := b || set_byte('\x00'::bytea, 0, c);
      ELSE
        p := strpos(high, substr(s, i, 1));
        IF p = 0 THEN
          b := NULL;
          EXIT;
        END IF;
        b := b || set_byte('\x00'::bytea, 0, 127 + p);
      END IF;
    END LOOP;
    IF b IS NOT NULL THEN
      BEGIN
        s := convert_from(b, 'UTF8');
      EXCEPTION WHEN others THEN
        NULL;
      END;
    END IF;
  END IF;
  RETURN normalize(s, NFC);
END
$$;--> statement-breakpoint
ALTER TABLE "sales_receipts" ADD COLUMN "receipt_key" text;--> statement-breakpoint
UPDATE "sales_receipts" SET "receipt_key" = CASE WHEN "receipt_id" ~ '^[\x20-\x7e]*$' THEN "receipt_id" ELSE "sales_receipt_key"("receipt_id") END;--> statement-breakpoint
UPDATE "sales_receipts" r SET "receipt_key" = chr(1) || r."receipt_id"
  FROM (
    SELECT x."organization_id", x."zone_id", x."receipt_id",
           row_number() OVER (PARTITION BY x."organization_id", x."zone_id", x."receipt_key" ORDER BY x."import_id" DESC NULLS LAST, x."receipt_id") AS n
      FROM "sales_receipts" x
      JOIN (SELECT DISTINCT "organization_id", "zone_id", "receipt_key" FROM "sales_receipts" WHERE "receipt_key" <> "receipt_id") c
        ON c."organization_id" = x."organization_id" AND c."zone_id" = x."zone_id" AND c."receipt_key" = x."receipt_key"
  ) d
 WHERE d.n > 1 AND r."organization_id" = d."organization_id" AND r."zone_id" = d."zone_id" AND r."receipt_id" = d."receipt_id";--> statement-breakpoint
ALTER TABLE "sales_receipts" ALTER COLUMN "receipt_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_receipts" DROP CONSTRAINT "sales_receipts_organization_id_zone_id_receipt_id_pk";--> statement-breakpoint
ALTER TABLE "sales_receipts" ADD CONSTRAINT "sales_receipts_organization_id_zone_id_receipt_key_pk" PRIMARY KEY ("organization_id", "zone_id", "receipt_key");--> statement-breakpoint
ALTER TABLE "sales_imports" ADD COLUMN "encoding" text;
