CREATE TABLE "alert_plannings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text DEFAULT '' NOT NULL,
	"mails" text[] DEFAULT '{}' NOT NULL,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_plannings_org" ON "alert_plannings" ("organization_id");
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"installation_id" integer NOT NULL REFERENCES "installations"("id") ON DELETE cascade,
	"event_id" integer REFERENCES "events"("id") ON DELETE set null,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminder_minutes" integer,
	"planning_id" integer REFERENCES "alert_plannings"("id") ON DELETE set null,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"triggered" boolean DEFAULT false NOT NULL,
	"open_log_id" integer,
	"notified_count" integer DEFAULT 0 NOT NULL,
	"last_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "alerts_org_name" ON "alerts" ("organization_id", "name", "id");
--> statement-breakpoint
CREATE INDEX "alerts_installation_enabled" ON "alerts" ("installation_id") WHERE "enabled";
--> statement-breakpoint
CREATE TABLE "alert_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL UNIQUE REFERENCES "alerts"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"value" double precision,
	"min" double precision,
	"max" double precision,
	"direction" text,
	"zone_id" integer,
	"event_id" integer,
	"pad_ids" integer[] DEFAULT '{}' NOT NULL,
	"device_atmosphere_ids" integer[] DEFAULT '{}' NOT NULL,
	"pad_status_codes" text[] DEFAULT '{}' NOT NULL,
	"kinds" text[] DEFAULT '{}' NOT NULL,
	"max_trigger" integer DEFAULT 0 NOT NULL,
	"input_metrics" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL REFERENCES "alerts"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"msg_title" text DEFAULT '' NOT NULL,
	"msg_content" text DEFAULT '' NOT NULL,
	"recipients" integer[] DEFAULT '{}' NOT NULL,
	"url" text
);
--> statement-breakpoint
CREATE INDEX "alert_actions_alert" ON "alert_actions" ("alert_id", "position");
--> statement-breakpoint
CREATE TABLE "device_heartbeats" (
	"device_id" integer PRIMARY KEY NOT NULL REFERENCES "devices"("id") ON DELETE cascade,
	"installation_id" integer NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_heartbeats_installation" ON "device_heartbeats" ("installation_id", "last_seen_at");
--> statement-breakpoint
CREATE INDEX "alert_logs_alert_open" ON "alert_logs" ("alert_id") WHERE "date_end" IS NULL;
