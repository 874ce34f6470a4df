-- Every mutation an administrator makes while viewing the product as a user (and each start of a
-- view-as), with both users. The e-mails are kept so that an entry outlives a removed user.
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"admin_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"admin_email" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"user_email" text NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "audit_log_organization_created" ON "audit_log" USING btree ("organization_id","created_at");
