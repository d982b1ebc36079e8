CREATE TABLE "professional_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"profession" varchar(20) NOT NULL,
	"collegiate_number" varchar(20) NOT NULL,
	"estado_id" integer NOT NULL,
	"proof_key" text,
	"status" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"rejection_reason" varchar(20),
	"rejection_text" text,
	"reviewer_id" integer,
	"decided_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_verifications_status_check" CHECK ("professional_verifications"."status" IN ('pendiente', 'aprobada', 'rechazada'))
);
--> statement-breakpoint
ALTER TABLE "chat_user_state" ADD COLUMN "verified_requests_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_verifications" ADD COLUMN "professional_user_id" integer;--> statement-breakpoint
ALTER TABLE "visit_verifications" ADD COLUMN "by_verified_professional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "professional_verifications" ADD CONSTRAINT "professional_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_verifications" ADD CONSTRAINT "professional_verifications_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_verifications" ADD CONSTRAINT "professional_verifications_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "professional_verifications_user_idx" ON "professional_verifications" USING btree ("user_id","status","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "professional_verifications_one_pending" ON "professional_verifications" USING btree ("user_id") WHERE "professional_verifications"."status" = 'pendiente';--> statement-breakpoint
ALTER TABLE "visit_verifications" ADD CONSTRAINT "visit_verifications_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_verifications_professional_idx" ON "visit_verifications" USING btree ("professional_user_id","status");