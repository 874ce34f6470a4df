-- Issue 29, alerts. An alert reads only readings from the moment it was armed (created, saved,
-- switched on: "armed_at"), so entries before an arming never raise it. While triggered, an alert
-- whose condition stops holding ends only after ALERT_REARM_MINUTES without it ("clearing_since":
-- when it stopped), so a value flapping around its bound is one episode. Each notification sent
-- (a trigger or a reminder) is a row of "alert_notifications": the most messages per alert count
-- them over 24 hours, and a reminder carries the value measured when it is due.
ALTER TABLE "alerts" ADD COLUMN "armed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "alerts" SET "armed_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "clearing_since" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "alert_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"log_id" integer NOT NULL,
	"number" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pads" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_notifications_alert_at" ON "alert_notifications" USING btree ("alert_id","at");
