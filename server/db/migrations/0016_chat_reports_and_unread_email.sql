ALTER TABLE "chat_reports" DROP CONSTRAINT "chat_reports_status_check";--> statement-breakpoint
ALTER TABLE "chat_user_state" ADD COLUMN "online_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_user_state" ADD COLUMN "unread_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_status_check" CHECK ("chat_reports"."status" in ('pendiente', 'descartado', 'mensaje_eliminado', 'cuenta_suspendida', 'cuenta_bloqueada'));