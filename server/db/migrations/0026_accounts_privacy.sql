ALTER TABLE "users" ADD COLUMN "profesional_sanitario_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "profesional_sanitario_at" = "updated_at" WHERE "profesional_sanitario";