-- Browsers a user trusted after a two-factor sign-in ("do not ask again on this browser"): the cookie
-- holds a random secret, only its SHA-256 is stored; revocable from the profile's security tab.
CREATE TABLE "trusted_browsers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"digest" text NOT NULL,
	"label" text NOT NULL DEFAULT '',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_browsers_digest" ON "trusted_browsers" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "trusted_browsers_user" ON "trusted_browsers" USING btree ("user_id");--> statement-breakpoint
-- What the security tab shows of an open session (browser and system, from the User-Agent).
ALTER TABLE "sessions" ADD COLUMN "label" text DEFAULT '' NOT NULL;
