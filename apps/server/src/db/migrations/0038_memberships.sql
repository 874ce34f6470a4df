-- Memberships per organization (issue 28 item 3): a user's role and rights profile are those of the
-- organization they act in, no longer one per user. Each membership takes the user's role, and the
-- user's profile where that profile belongs to the membership's organization (a profile of another
-- organization gave rights there only through the leak this closes: no profile there). `active`
-- false keeps a membership without letting the user act in that organization. The session carries
-- the organization its user acts in (chosen at sign-in, changed by switchOrganization).
ALTER TABLE "user_organizations" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_organizations" ADD COLUMN "profile_id" integer;--> statement-breakpoint
ALTER TABLE "user_organizations" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_organizations" ADD CONSTRAINT "user_organizations_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "user_organizations" uo SET "role" = u."role",
  "profile_id" = (SELECT p."id" FROM "profiles" p WHERE p."id" = u."profile_id" AND p."organization_id" = uo."organization_id")
  FROM "users" u WHERE u."id" = uo."user_id";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;
