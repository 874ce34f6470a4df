-- The site chosen when a dashboard was made: what a page naming no zone reads (pageSite), so an
-- empty dashboard made for one site does not come back on the organization's first.
ALTER TABLE "dashboards" ADD COLUMN "installation_id" integer REFERENCES "installations"("id") ON DELETE SET NULL;
