ALTER TABLE "tribunas" ADD COLUMN "imagen" text;--> statement-breakpoint
ALTER TABLE "tribunas" ADD COLUMN "imagen_alt" text;--> statement-breakpoint
ALTER TABLE "tribunas" ADD COLUMN "imagen_pie" text;