-- The embedded database is one process's alone: that process keeps the data versions (0046) between
-- writes instead of reading them for every request, and drops them when one moves. Every path that
-- moves a version ends in a write to data_versions (its triggers, partition retention), so this one
-- statement trigger tells it, at commit, through the notification channel "data_versions". Only a
-- session that asks for it (sitelens.notify_data_versions = 'on', set by the embedded database at
-- open) notifies: on PostgreSQL, where processes share the database and each reads the versions per
-- request, a notifying commit would take PostgreSQL's notification lock for nothing.
CREATE FUNCTION "notify_data_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('sitelens.notify_data_versions', true) = 'on' THEN
    PERFORM pg_notify('data_versions', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "data_versions_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "data_versions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_versions"();
