CREATE TABLE "laboratory_companies" (
	"laboratory_id" integer PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"laboratory_id" integer,
	"kind" varchar(12) NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" varchar(64) DEFAULT 'Europe/Madrid' NOT NULL,
	"image_key" text,
	"status" varchar(10) DEFAULT 'borrador' NOT NULL,
	"published_at" timestamp with time zone,
	"taken_down_at" timestamp with time zone,
	"taken_down_by" integer,
	"takedown_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("promotions"."kind" IN ('muestras', 'descuento', 'material', 'evento', 'formacion')),
	CONSTRAINT "promotions_status_check" CHECK ("promotions"."status" IN ('borrador', 'activa', 'caducada', 'retirada'))
);
--> statement-breakpoint
CREATE TABLE "representative_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"representative_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"professional_name" text NOT NULL,
	"professional_email" varchar(254) NOT NULL,
	"collegiate_number" varchar(20),
	"estado_id" integer,
	"status" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_count" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_verifications_status_check" CHECK ("visit_verifications"."status" IN ('pendiente', 'confirmada', 'rechazada', 'cancelada'))
);
--> statement-breakpoint
ALTER TABLE "laboratory_companies" ADD CONSTRAINT "laboratory_companies_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laboratory_companies" ADD CONSTRAINT "laboratory_companies_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_taken_down_by_users_id_fk" FOREIGN KEY ("taken_down_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "representative_profiles" ADD CONSTRAINT "representative_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_verifications" ADD CONSTRAINT "visit_verifications_representative_id_users_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_verifications" ADD CONSTRAINT "visit_verifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_verifications" ADD CONSTRAINT "visit_verifications_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laboratory_companies_empresa_idx" ON "laboratory_companies" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "promotions_product_idx" ON "promotions" USING btree ("product_id","status","ends_at");--> statement-breakpoint
CREATE INDEX "promotions_author_idx" ON "promotions" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotions_due_idx" ON "promotions" USING btree ("status","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_verifications_token_unique" ON "visit_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "visit_verifications_owner_idx" ON "visit_verifications" USING btree ("representative_id","product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_verifications_one_pending" ON "visit_verifications" USING btree ("representative_id","product_id","professional_email") WHERE "visit_verifications"."status" = 'pendiente';