CREATE TABLE "rollup_day" (
	"organization_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"metric" text NOT NULL,
	"breakdown" text NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "rollup_day_organization_id_target_kind_target_id_metric_breakdown_day_pk" PRIMARY KEY("organization_id","target_kind","target_id","metric","breakdown","day")
);
--> statement-breakpoint
CREATE TABLE "rollup_hour" (
	"organization_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"metric" text NOT NULL,
	"breakdown" text NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	CONSTRAINT "rollup_hour_organization_id_target_kind_target_id_metric_breakdown_bucket_pk" PRIMARY KEY("organization_id","target_kind","target_id","metric","breakdown","bucket")
);
--> statement-breakpoint
CREATE TABLE "rollup_month" (
	"organization_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"metric" text NOT NULL,
	"breakdown" text NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "rollup_month_organization_id_target_kind_target_id_metric_breakdown_month_pk" PRIMARY KEY("organization_id","target_kind","target_id","metric","breakdown","month")
);
