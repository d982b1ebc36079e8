CREATE TABLE "company_join_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"empresa_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_empresa_id_user_id_pk" PRIMARY KEY("empresa_id","user_id"),
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" IN ('admin', 'member'))
);
--> statement-breakpoint
ALTER TABLE "company_join_requests" ADD CONSTRAINT "company_join_requests_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_join_requests" ADD CONSTRAINT "company_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_join_requests" ADD CONSTRAINT "company_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_join_requests_pending_unique" ON "company_join_requests" USING btree ("empresa_id","user_id") WHERE "company_join_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "company_join_requests_user_idx" ON "company_join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_user_unique" ON "company_members" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "company_members" ("empresa_id", "user_id", "role", "created_at")
SELECT u."empresa_id", u."id",
  CASE WHEN EXISTS (
    SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id" AND r."role" IN ('administrador_empleo', 'marketing')
  ) THEN 'admin' ELSE 'member' END,
  u."created_at"
FROM "users" u
WHERE u."empresa_id" IS NOT NULL
ON CONFLICT DO NOTHING;
