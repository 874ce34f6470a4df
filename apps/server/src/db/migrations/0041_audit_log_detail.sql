-- A readable audit log (issue 29 item 20): the name of what an operation acted on (a user, an alert,
-- a dashboard...) and the names of the fields it changed, never their values. Earlier entries have neither.
ALTER TABLE "audit_log" ADD COLUMN "object_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;
