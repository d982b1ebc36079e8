CREATE TABLE "catalogue_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" varchar(20) NOT NULL,
	"mode" varchar(12) NOT NULL,
	"status" varchar(10) DEFAULT 'running' NOT NULL,
	"phase" varchar(20) DEFAULT 'medicines' NOT NULL,
	"next_page" integer DEFAULT 1 NOT NULL,
	"since" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_sync_runs_status_check" CHECK ("catalogue_sync_runs"."status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "product_presentations" ADD COLUMN "supply_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_presentations" ADD COLUMN "supply_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_presentations" ADD COLUMN "supply_note" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "register_status" varchar(12) DEFAULT 'autorizado' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "authorised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "driving_warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "form_label" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "register_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "register_synced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "catalogue_sync_runs_source_idx" ON "catalogue_sync_runs" USING btree ("source","started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_register_status_check" CHECK ("products"."register_status" IN ('autorizado', 'suspendido', 'revocado'));