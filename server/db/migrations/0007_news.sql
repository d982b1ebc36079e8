CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"valoracion" smallint NOT NULL,
	"asunto" text NOT NULL,
	"contenido" text NOT NULL,
	"pagina" text NOT NULL,
	"user_id" integer,
	"nombre" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" varchar(10) DEFAULT 'nuevo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_areas_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "news_authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"cargo" text DEFAULT '' NOT NULL,
	"empresa" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"foto" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"area_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"unsubscribe_hash" varchar(64) NOT NULL,
	"last_week" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_unsubscribe_hash_unique" UNIQUE("unsubscribe_hash")
);
--> statement-breakpoint
CREATE TABLE "noticias" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(160) NOT NULL,
	"titulo" text NOT NULL,
	"entradilla" text NOT NULL,
	"cuerpo_html" text NOT NULL,
	"cuerpo_texto" text NOT NULL,
	"autor_id" integer,
	"status" varchar(12) DEFAULT 'borrador' NOT NULL,
	"publicada_en" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imagen" text,
	"imagen_mini" text,
	"imagen_alt" text,
	"imagen_pie" text,
	"area_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"etiquetas" text[] DEFAULT '{}'::text[] NOT NULL,
	"destacada" smallint DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('es_unaccent'::regconfig, coalesce("titulo", '')), 'A') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("entradilla", '')), 'B') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("cuerpo_texto", '')), 'C')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tribunas" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(160) NOT NULL,
	"titulo" text NOT NULL,
	"entradilla" text NOT NULL,
	"cuerpo_html" text NOT NULL,
	"cuerpo_texto" text NOT NULL,
	"autor_id" integer,
	"status" varchar(12) DEFAULT 'borrador' NOT NULL,
	"publicada_en" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_autor_id_news_authors_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."news_authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_area_id_news_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."news_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_category_id_news_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."news_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribunas" ADD CONSTRAINT "tribunas_autor_id_news_authors_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."news_authors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribunas" ADD CONSTRAINT "tribunas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribunas" ADD CONSTRAINT "tribunas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "noticias_search_idx" ON "noticias" USING gin ("search");--> statement-breakpoint
CREATE INDEX "noticias_public_idx" ON "noticias" USING btree ("publicada_en" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'borrador';--> statement-breakpoint
CREATE INDEX "noticias_area_idx" ON "noticias" USING btree ("area_id","publicada_en" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'borrador';--> statement-breakpoint
CREATE INDEX "noticias_category_idx" ON "noticias" USING btree ("category_id","publicada_en" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'borrador';--> statement-breakpoint
CREATE INDEX "noticias_due_idx" ON "noticias" USING btree ("publicada_en") WHERE status = 'programada';--> statement-breakpoint
CREATE INDEX "tribunas_public_idx" ON "tribunas" USING btree ("publicada_en" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status <> 'borrador';--> statement-breakpoint
CREATE INDEX "tribunas_autor_idx" ON "tribunas" USING btree ("autor_id","publicada_en" DESC NULLS LAST);