-- Export download links (issue 28 item 7): one per recipient, checked against the recipient's
-- membership at each download, revocable. The links made before were the file's alone, with no
-- recipient to check: they end here, with their files. The request keeps what was asked (period,
-- site time zone and change of day, format, data type, granularity) for the recent-exports list
-- (issue 29 item 10); rows asked before this migration have none of it.
DELETE FROM "export_files";--> statement-breakpoint
ALTER TABLE "export_files" DROP CONSTRAINT "export_files_token_hash_unique";--> statement-breakpoint
ALTER TABLE "export_files" DROP COLUMN "token_hash";--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "period_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "period_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "change_of_day_time" text;--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "data_type" text;--> statement-breakpoint
ALTER TABLE "export_requests" ADD COLUMN "granularity" integer;--> statement-breakpoint
CREATE TABLE "export_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"request_id" integer,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_file_id_export_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."export_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_request_id_export_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."export_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_links" ADD CONSTRAINT "export_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_links_request" ON "export_links" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "export_links_user" ON "export_links" USING btree ("user_id");
