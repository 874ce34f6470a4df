-- Sessions are named in the access tokens they issue (the "sid" claim), so that revoking a session
-- stops its tokens; existing sessions get a name of their own.
ALTER TABLE "sessions" ADD COLUMN "sid" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_sid" ON "sessions" USING btree ("sid");--> statement-breakpoint
-- One counter per limited key (an account, an address, a code): incremented atomically before the
-- guarded check runs, reset once its window has ended. Replaces the log of failed sign-ins.
CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "attempt_counters_window_ends_at" ON "attempt_counters" USING btree ("window_ends_at");--> statement-breakpoint
DROP TABLE "login_attempts";--> statement-breakpoint
-- Single-purpose secrets (password reset links, one-time codes, invitations): only a SHA-256 digest
-- is stored; consumed at most once, before expires_at.
CREATE TABLE "purpose_secrets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"kind" text NOT NULL,
	"digest" text NOT NULL,
	"data" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purpose_secrets_kind" CHECK ("kind" IN ('token', 'code'))
);--> statement-breakpoint
CREATE INDEX "purpose_secrets_digest" ON "purpose_secrets" USING btree ("purpose","digest");--> statement-breakpoint
CREATE INDEX "purpose_secrets_subject" ON "purpose_secrets" USING btree ("purpose","subject");
