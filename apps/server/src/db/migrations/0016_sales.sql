CREATE TABLE "sales_shops" (
	"zone_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"installation_id" integer NOT NULL,
	"shop_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_shops" ADD CONSTRAINT "sales_shops_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shops" ADD CONSTRAINT "sales_shops_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shops" ADD CONSTRAINT "sales_shops_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_shops_code" ON "sales_shops" USING btree ("organization_id","shop_code");--> statement-breakpoint
CREATE TABLE "sales_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"reporting_currency" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_settings" ADD CONSTRAINT "sales_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "sales_exchange_rates" (
	"organization_id" integer NOT NULL,
	"currency" text NOT NULL,
	"rate" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_exchange_rates_organization_id_currency_pk" PRIMARY KEY("organization_id","currency")
);
--> statement-breakpoint
ALTER TABLE "sales_exchange_rates" ADD CONSTRAINT "sales_exchange_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "sales_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"blob_key" text NOT NULL,
	"uploader_date_time" text NOT NULL,
	"uploader_timezone" text NOT NULL,
	"rows_read" integer NOT NULL,
	"rows_imported" integer NOT NULL,
	"rows_refused" integer NOT NULL,
	"receipts_replaced" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_imports_organization" ON "sales_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE TABLE "sales_receipts" (
	"organization_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"receipt_id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"items" double precision NOT NULL,
	"turnover" double precision NOT NULL,
	"amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"import_id" integer,
	CONSTRAINT "sales_receipts_organization_id_zone_id_receipt_id_pk" PRIMARY KEY("organization_id","zone_id","receipt_id")
);
--> statement-breakpoint
ALTER TABLE "sales_receipts" ADD CONSTRAINT "sales_receipts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_receipts" ADD CONSTRAINT "sales_receipts_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_receipts" ADD CONSTRAINT "sales_receipts_import_id_sales_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."sales_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_receipts_bucket" ON "sales_receipts" USING btree ("organization_id","zone_id","bucket");
