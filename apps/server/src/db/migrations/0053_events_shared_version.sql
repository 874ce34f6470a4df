-- A page's site is kept under row 0 of data_versions with its events' metric families (which
-- analytics pages it offers): a write to events moves that version too, as writes to sites, zones,
-- devices, passages and tags do (0046).
CREATE TRIGGER "events_version_shared" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_shared_data_version"();
