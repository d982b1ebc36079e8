CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"granted" boolean NOT NULL,
	"source" varchar(16) NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_purpose_check" CHECK ("consent_records"."purpose" IN ('publicidad', 'newsletter', 'chat_email')),
	CONSTRAINT "consent_records_source_check" CHECK ("consent_records"."source" IN ('registro', 'registro_google', 'aceptacion', 'cuenta', 'boletin', 'chat'))
);
--> statement-breakpoint
CREATE TABLE "legal_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_acceptances_source_check" CHECK ("legal_acceptances"."source" IN ('registro', 'registro_google', 'aceptacion', 'cuenta', 'boletin', 'chat'))
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" smallint NOT NULL,
	"body" text NOT NULL,
	"summary" text NOT NULL,
	"material" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer,
	CONSTRAINT "legal_documents_kind_check" CHECK ("legal_documents"."kind" IN ('aviso_legal', 'privacidad', 'cookies', 'condiciones'))
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acceptances" ADD CONSTRAINT "legal_acceptances_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_user_idx" ON "consent_records" USING btree ("user_id","purpose","recorded_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "legal_acceptances_user_document_key" ON "legal_acceptances" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_kind_version_key" ON "legal_documents" USING btree ("kind","version");