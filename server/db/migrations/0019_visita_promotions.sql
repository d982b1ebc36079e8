CREATE TABLE "laboratory_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"laboratory_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "laboratory_members" ADD CONSTRAINT "laboratory_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laboratory_members" ADD CONSTRAINT "laboratory_members_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_taken_down_by_users_id_fk" FOREIGN KEY ("taken_down_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laboratory_members_laboratory_idx" ON "laboratory_members" USING btree ("laboratory_id");--> statement-breakpoint
CREATE INDEX "promotions_product_idx" ON "promotions" USING btree ("product_id","status","ends_at");--> statement-breakpoint
CREATE INDEX "promotions_author_idx" ON "promotions" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotions_due_idx" ON "promotions" USING btree ("status","ends_at");