-- A user's header links are theirs in each organization: kept on the user, they were one list that
-- every organization's administrators edited, so one organization's links showed in another's.
-- Each membership starts with the links the user had.
ALTER TABLE "user_organizations" ADD COLUMN "custom_links" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "user_organizations" AS uo SET "custom_links" = u."custom_links" FROM "users" AS u WHERE u."id" = uo."user_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "custom_links";
