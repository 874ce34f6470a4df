CREATE TABLE "temperature_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"installation_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"hours_written" integer,
	"error" text,
	"run_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "temperature_imports" ADD CONSTRAINT "temperature_imports_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "temperature_imports_due" ON "temperature_imports" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "temperature_imports_installation" ON "temperature_imports" USING btree ("installation_id");