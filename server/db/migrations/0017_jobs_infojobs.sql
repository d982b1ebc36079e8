CREATE TABLE "candidato_cvs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"file_key" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidatura_eventos" DROP CONSTRAINT "candidatura_eventos_desde_check";--> statement-breakpoint
ALTER TABLE "candidatura_eventos" DROP CONSTRAINT "candidatura_eventos_hasta_check";--> statement-breakpoint
ALTER TABLE "candidaturas" DROP CONSTRAINT "candidaturas_estado_check";--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "descripcion" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidato_cvs" ADD CONSTRAINT "candidato_cvs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidato_cvs_user_idx" ON "candidato_cvs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidato_cvs_default_unique" ON "candidato_cvs" USING btree ("user_id") WHERE is_default;--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_desde_check" CHECK ("candidatura_eventos"."desde" IN ('recibida', 'en_proceso', 'finalista', 'descartada', 'retirada'));--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_hasta_check" CHECK ("candidatura_eventos"."hasta" IN ('recibida', 'en_proceso', 'finalista', 'descartada', 'retirada'));--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_estado_check" CHECK ("candidaturas"."estado" IN ('recibida', 'en_proceso', 'finalista', 'descartada', 'retirada'));