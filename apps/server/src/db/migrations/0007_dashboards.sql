CREATE TABLE "dashboard_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"dashboard_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'IconLayoutDashboard' NOT NULL,
	"position" integer NOT NULL,
	"widget_global_filters" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_widgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT 'global' NOT NULL,
	"tooltip_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"real_time" text,
	"position" integer NOT NULL,
	"kind" text DEFAULT 'custom' NOT NULL,
	"zone_ids" integer[] DEFAULT '{}' NOT NULL,
	"device_ids" integer[] DEFAULT '{}' NOT NULL,
	"passage_ids" integer[] DEFAULT '{}' NOT NULL,
	"alert_ids" integer[] DEFAULT '{}' NOT NULL,
	"ignored_filters" text[] DEFAULT '{}' NOT NULL,
	"headers" jsonb,
	"metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"owner_user_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_pages" ADD CONSTRAINT "dashboard_pages_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_widgets" ADD CONSTRAINT "dashboard_widgets_page_id_dashboard_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."dashboard_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_pages_dashboard" ON "dashboard_pages" USING btree ("dashboard_id");--> statement-breakpoint
CREATE INDEX "dashboard_widgets_page" ON "dashboard_widgets" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "dashboards_organization" ON "dashboards" USING btree ("organization_id");