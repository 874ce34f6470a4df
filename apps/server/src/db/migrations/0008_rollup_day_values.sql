CREATE TABLE "rollup_day_values" (
	"organization_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"metric" text NOT NULL,
	"breakdown" text NOT NULL,
	"day" date NOT NULL,
	"samples" double precision[] NOT NULL,
	CONSTRAINT "rollup_day_values_organization_id_target_kind_target_id_metric_breakdown_day_pk" PRIMARY KEY("organization_id","target_kind","target_id","metric","breakdown","day")
);
