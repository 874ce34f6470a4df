-- Issue 28.3, the end of one role and profile per user: sign-in opens the organization the user
-- used last (signed in to or switched to), kept on the membership.
ALTER TABLE "user_organizations" ADD COLUMN "last_used_at" timestamp with time zone;
--> statement-breakpoint
-- Roles and profiles are read from memberships only; 0038 copied each user's into their memberships.
ALTER TABLE "users" DROP COLUMN "profile_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";
