-- Single sign-on (OpenID Connect): the identity (issuer and subject) that signed a user in for the
-- first time by verified e-mail. From then on that identity names the user, whatever e-mail the
-- provider later reports, and the user cannot be linked to another subject of the same issuer.
CREATE TABLE "user_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_subject" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_user" ON "user_identities" USING btree ("user_id","issuer");
