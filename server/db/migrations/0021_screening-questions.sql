ALTER TABLE "candidaturas" ADD COLUMN "respuestas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "cumple_requisitos" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ofertas" ADD COLUMN "preguntas" jsonb DEFAULT '[]'::jsonb NOT NULL;