-- Links an administrator adds to the header's menu of every member of the organization (users keep
-- their own in users.custom_links): [{ text, url, iconSrc, openOutside }].
ALTER TABLE "organizations" ADD COLUMN "custom_links" jsonb DEFAULT '[]'::jsonb NOT NULL;
