ALTER TABLE "candidatura_eventos" DROP CONSTRAINT "candidatura_eventos_desde_check";--> statement-breakpoint
ALTER TABLE "candidatura_eventos" DROP CONSTRAINT "candidatura_eventos_hasta_check";--> statement-breakpoint
ALTER TABLE "candidaturas" DROP CONSTRAINT "candidaturas_estado_check";--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD COLUMN "mensaje" text;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "vista_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "nota" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "valoracion" smallint;--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_desde_check" CHECK ("candidatura_eventos"."desde" IN ('recibida', 'en_proceso', 'finalista', 'contratada', 'descartada', 'retirada'));--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_hasta_check" CHECK ("candidatura_eventos"."hasta" IN ('recibida', 'en_proceso', 'finalista', 'contratada', 'descartada', 'retirada'));--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_valoracion_check" CHECK ("candidaturas"."valoracion" between 1 and 5);--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_estado_check" CHECK ("candidaturas"."estado" IN ('recibida', 'en_proceso', 'finalista', 'contratada', 'descartada', 'retirada'));