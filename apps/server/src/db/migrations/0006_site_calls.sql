CREATE TABLE "alert_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"installation_id" integer NOT NULL,
	"alert_id" integer,
	"condition_type" text NOT NULL,
	"metrics" jsonb NOT NULL,
	"date_begin" timestamp with time zone NOT NULL,
	"date_end" timestamp with time zone,
	"zone_id" integer,
	"passage_id" integer,
	"device_id" integer,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_view_configs" (
	"zone_id" integer PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_forecasts" (
	"installation_id" integer PRIMARY KEY NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"days" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "installations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "alert_logs" ADD CONSTRAINT "alert_logs_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_logs" ADD CONSTRAINT "alert_logs_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_view_configs" ADD CONSTRAINT "map_view_configs_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_forecasts" ADD CONSTRAINT "weather_forecasts_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_logs_org_begin" ON "alert_logs" USING btree ("organization_id","date_begin");--> statement-breakpoint
CREATE INDEX "alert_logs_zone_begin" ON "alert_logs" USING btree ("zone_id","date_begin");