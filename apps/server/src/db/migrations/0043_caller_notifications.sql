-- The caller cache (issue 33 item 2): each process keeps the session and membership a bearer token
-- stands for, and what the rights rules read of its caller, and drops them the moment they change.
-- The database says when, whatever code path writes, on the channel "sitelens_callers", delivered
-- at commit to every process that listens (PostgreSQL LISTEN, PGlite's listen in the embedded
-- default): 's:<sid>' a session changed or ended; 'u:<user id>' a membership added, changed or
-- removed, or a user deleted; 'p:<profile id>' a rights profile changed or removed; 'o:<organization
-- id>' an organization changed or removed, or a site added, moved or removed.
-- One function for every table: its trigger names the payload's letter and the column it carries.
CREATE FUNCTION "notify_callers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('sitelens_callers', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1])); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('sitelens_callers', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1])); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_callers" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_callers"('s', 'sid');--> statement-breakpoint
CREATE TRIGGER "memberships_notify_callers" AFTER INSERT OR UPDATE OR DELETE ON "user_organizations" FOR EACH ROW EXECUTE FUNCTION "notify_callers"('u', 'user_id');--> statement-breakpoint
CREATE TRIGGER "users_notify_callers" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_callers"('u', 'id');--> statement-breakpoint
CREATE TRIGGER "profiles_notify_callers" AFTER UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION "notify_callers"('p', 'id');--> statement-breakpoint
CREATE TRIGGER "organizations_notify_callers" AFTER UPDATE OR DELETE ON "organizations" FOR EACH ROW EXECUTE FUNCTION "notify_callers"('o', 'id');--> statement-breakpoint
CREATE TRIGGER "installations_notify_callers" AFTER INSERT OR DELETE OR UPDATE OF "organization_id" ON "installations" FOR EACH ROW EXECUTE FUNCTION "notify_callers"('o', 'organization_id');
