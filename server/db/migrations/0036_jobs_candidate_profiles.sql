CREATE TABLE "candidato_perfiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"titular" text DEFAULT '' NOT NULL,
	"experiencia" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formacion" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"idiomas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"habilidades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disponibilidad" varchar(12),
	"salario_deseado" integer,
	"salario_moneda" varchar(3),
	"abierto_a_ofertas" boolean DEFAULT false NOT NULL,
	"habilidades_busqueda" text DEFAULT '' NOT NULL,
	"busqueda" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('es_unaccent'::regconfig, coalesce("busqueda", ''))) STORED NOT NULL,
	CONSTRAINT "candidato_perfiles_disponibilidad_check" CHECK ("candidato_perfiles"."disponibilidad" IN ('inmediata', 'quince_dias', 'un_mes', 'mas_de_un_mes')),
	CONSTRAINT "candidato_perfiles_salario_check" CHECK ("candidato_perfiles"."salario_deseado" IS NULL OR "candidato_perfiles"."salario_moneda" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "candidato_perfiles" ADD CONSTRAINT "candidato_perfiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidato_perfiles_search_idx" ON "candidato_perfiles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "candidato_perfiles_skills_idx" ON "candidato_perfiles" USING gin ("habilidades_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidato_perfiles_open_idx" ON "candidato_perfiles" USING btree ("updated_at" DESC NULLS LAST) WHERE abierto_a_ofertas;