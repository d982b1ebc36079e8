CREATE TABLE "alertas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"unsubscribe_token_hash" varchar(64) NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alertas_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
CREATE TABLE "candidatura_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidatura_id" integer NOT NULL,
	"desde" varchar(16),
	"hasta" varchar(16) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidaturas" (
	"id" serial PRIMARY KEY NOT NULL,
	"oferta_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"estado" varchar(16) DEFAULT 'recibida' NOT NULL,
	"carta" text DEFAULT '' NOT NULL,
	"cv_key" text NOT NULL,
	"cv_nombre" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ofertas" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"delegacion_id" integer,
	"titulo" text NOT NULL,
	"slug" varchar(160) NOT NULL,
	"cargo_id" integer NOT NULL,
	"pais_id" integer NOT NULL,
	"estado_id" integer,
	"ciudad" text NOT NULL,
	"modalidad" varchar(16) NOT NULL,
	"contrato" varchar(16) NOT NULL,
	"jornada" varchar(16) NOT NULL,
	"salario_min" integer,
	"salario_max" integer,
	"salario_moneda" varchar(3),
	"salario_periodo" varchar(8),
	"experiencia" varchar(20) NOT NULL,
	"estudios" varchar(20) NOT NULL,
	"descripcion_html" text NOT NULL,
	"descripcion_texto" text NOT NULL,
	"busqueda_extra" text DEFAULT '' NOT NULL,
	"vacantes" integer DEFAULT 1 NOT NULL,
	"status" varchar(12) DEFAULT 'borrador' NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('es_unaccent'::regconfig, coalesce("titulo", '')), 'A') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("busqueda_extra", '')), 'B') || setweight(to_tsvector('es_unaccent'::regconfig, coalesce("descripcion_texto", '')), 'C')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ofertas_guardadas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"oferta_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_candidatura_id_candidaturas_id_fk" FOREIGN KEY ("candidatura_id") REFERENCES "public"."candidaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_oferta_id_ofertas_id_fk" FOREIGN KEY ("oferta_id") REFERENCES "public"."ofertas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_delegacion_id_delegaciones_id_fk" FOREIGN KEY ("delegacion_id") REFERENCES "public"."delegaciones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_pais_id_paises_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."paises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_guardadas" ADD CONSTRAINT "ofertas_guardadas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_guardadas" ADD CONSTRAINT "ofertas_guardadas_oferta_id_ofertas_id_fk" FOREIGN KEY ("oferta_id") REFERENCES "public"."ofertas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alertas_user_idx" ON "alertas" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "candidatura_eventos_candidatura_idx" ON "candidatura_eventos" USING btree ("candidatura_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidaturas_oferta_user_unique" ON "candidaturas" USING btree ("oferta_id","user_id");--> statement-breakpoint
CREATE INDEX "candidaturas_user_idx" ON "candidaturas" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ofertas_search_idx" ON "ofertas" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ofertas_open_pais_idx" ON "ofertas" USING btree ("pais_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "ofertas_open_pais_cargo_idx" ON "ofertas" USING btree ("pais_id","cargo_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "ofertas_open_expiry_idx" ON "ofertas" USING btree ("expires_at") WHERE status = 'publicada';--> statement-breakpoint
CREATE INDEX "ofertas_empresa_idx" ON "ofertas" USING btree ("empresa_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ofertas_guardadas_user_oferta_unique" ON "ofertas_guardadas" USING btree ("user_id","oferta_id");