CREATE TABLE "short_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by" integer,
	"path" text NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"user_id" integer,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "organization_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "pins" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_code" ON "short_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "short_links_target" ON "short_links" USING btree ("organization_id","path","query");--> statement-breakpoint
CREATE INDEX "usage_events_organization_at" ON "usage_events" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "usage_events_name_at" ON "usage_events" USING btree ("name","at");--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pins_user_organization" ON "pins" USING btree ("user_id","organization_id","position");