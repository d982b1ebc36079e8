CREATE TABLE "active_ingredients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "active_ingredients_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "atc_codes" (
	"code" varchar(7) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "laboratories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(160) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "laboratories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "portfolio_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_zones" (
	"entry_id" integer NOT NULL,
	"estado_id" integer NOT NULL,
	CONSTRAINT "portfolio_zones_entry_id_estado_id_pk" PRIMARY KEY("entry_id","estado_id")
);
--> statement-breakpoint
CREATE TABLE "product_ingredients" (
	"product_id" integer NOT NULL,
	"ingredient_id" integer NOT NULL,
	"strength" varchar(20) NOT NULL,
	"unit" varchar(20) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_ingredients_product_id_ingredient_id_pk" PRIMARY KEY("product_id","ingredient_id")
);
--> statement-breakpoint
CREATE TABLE "product_presentations" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"cn" varchar(6) NOT NULL,
	"name" text NOT NULL,
	"marketed" boolean DEFAULT true NOT NULL,
	"supply_problem" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"product_id" integer,
	"base_version" integer,
	"author_id" integer,
	"status" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"data" jsonb NOT NULL,
	"cns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_key" text,
	"comment" text DEFAULT '' NOT NULL,
	"reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"revision_id" integer,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(200) NOT NULL,
	"registration_number" varchar(20) NOT NULL,
	"holder_laboratory_id" integer NOT NULL,
	"marketing_laboratory_id" integer,
	"atc_code" varchar(7),
	"form" varchar(40) NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prescription" varchar(30) NOT NULL,
	"generic" boolean DEFAULT false NOT NULL,
	"biosimilar" boolean DEFAULT false NOT NULL,
	"orphan" boolean DEFAULT false NOT NULL,
	"black_triangle" boolean DEFAULT false NOT NULL,
	"marketed" boolean DEFAULT true NOT NULL,
	"supply_problem" boolean DEFAULT false NOT NULL,
	"leaflet_url" text,
	"smpc_url" text,
	"image_key" text,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"search_extra" text DEFAULT '' NOT NULL,
	"search_text" text GENERATED ALWAYS AS (f_unaccent(lower("name" || ' ' || "search_extra"))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visita_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_entries" ADD CONSTRAINT "portfolio_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_zones" ADD CONSTRAINT "portfolio_zones_entry_id_portfolio_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."portfolio_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_zones" ADD CONSTRAINT "portfolio_zones_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_ingredients" ADD CONSTRAINT "product_ingredients_ingredient_id_active_ingredients_id_fk" FOREIGN KEY ("ingredient_id") REFERENCES "public"."active_ingredients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_presentations" ADD CONSTRAINT "product_presentations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_revision_id_product_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."product_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_holder_laboratory_id_laboratories_id_fk" FOREIGN KEY ("holder_laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_marketing_laboratory_id_laboratories_id_fk" FOREIGN KEY ("marketing_laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_atc_code_atc_codes_code_fk" FOREIGN KEY ("atc_code") REFERENCES "public"."atc_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_notices" ADD CONSTRAINT "visita_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_entries_user_product_unique" ON "portfolio_entries" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "portfolio_entries_product_idx" ON "portfolio_entries" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "portfolio_zones_estado_idx" ON "portfolio_zones" USING btree ("estado_id");--> statement-breakpoint
CREATE INDEX "product_ingredients_ingredient_idx" ON "product_ingredients" USING btree ("ingredient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_presentations_cn_unique" ON "product_presentations" USING btree ("cn");--> statement-breakpoint
CREATE INDEX "product_presentations_product_idx" ON "product_presentations" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_revisions_pending_idx" ON "product_revisions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_revisions_author_idx" ON "product_revisions" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_revisions_cns_idx" ON "product_revisions" USING gin ("cns");--> statement-breakpoint
CREATE UNIQUE INDEX "product_versions_product_version_unique" ON "product_versions" USING btree ("product_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "products_registration_unique" ON "products" USING btree ("registration_number");--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_holder_idx" ON "products" USING btree ("holder_laboratory_id");--> statement-breakpoint
CREATE INDEX "visita_notices_user_idx" ON "visita_notices" USING btree ("user_id","created_at" DESC NULLS LAST);