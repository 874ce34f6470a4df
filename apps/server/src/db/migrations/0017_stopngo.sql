CREATE TABLE "stopngo_screens" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"second_language" text,
	"secret_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_renewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stopngo_screen_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"screen_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stopngo_screens" ADD CONSTRAINT "stopngo_screens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stopngo_screens" ADD CONSTRAINT "stopngo_screens_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stopngo_screens" ADD CONSTRAINT "stopngo_screens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stopngo_screen_connections" ADD CONSTRAINT "stopngo_screen_connections_screen_id_stopngo_screens_id_fk" FOREIGN KEY ("screen_id") REFERENCES "public"."stopngo_screens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stopngo_screens_secret" ON "stopngo_screens" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "stopngo_screens_event" ON "stopngo_screens" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "stopngo_screen_connections_screen" ON "stopngo_screen_connections" USING btree ("screen_id","seen_at");
