ALTER TABLE "company_join_requests" ADD CONSTRAINT "company_join_requests_status_check" CHECK ("company_join_requests"."status" IN ('pending', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind_check" CHECK ("sessions"."kind" IN ('web', 'api'));--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_status_check" CHECK ("feedback"."status" IN ('nuevo', 'leido', 'resuelto'));--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_desde_check" CHECK ("candidatura_eventos"."desde" IN ('recibida', 'en_proceso', 'finalista', 'descartada'));--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_hasta_check" CHECK ("candidatura_eventos"."hasta" IN ('recibida', 'en_proceso', 'finalista', 'descartada'));--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_estado_check" CHECK ("candidaturas"."estado" IN ('recibida', 'en_proceso', 'finalista', 'descartada'));--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_status_check" CHECK ("ofertas"."status" IN ('borrador', 'publicada', 'cerrada', 'caducada'));--> statement-breakpoint
ALTER TABLE "noticias" ADD CONSTRAINT "noticias_status_check" CHECK ("noticias"."status" IN ('borrador', 'programada', 'publicada'));--> statement-breakpoint
ALTER TABLE "tribunas" ADD CONSTRAINT "tribunas_status_check" CHECK ("tribunas"."status" IN ('borrador', 'programada', 'publicada'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" IN ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_kind_check" CHECK ("product_revisions"."kind" IN ('nuevo', 'cambios'));--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_status_check" CHECK ("product_revisions"."status" IN ('pendiente', 'aprobada', 'rechazada'));