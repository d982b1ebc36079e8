CREATE TABLE "oferta_daily_views" (
	"oferta_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alertas" ADD COLUMN "frecuencia" varchar(12) DEFAULT 'diaria' NOT NULL;--> statement-breakpoint
ALTER TABLE "oferta_daily_views" ADD CONSTRAINT "oferta_daily_views_oferta_id_ofertas_id_fk" FOREIGN KEY ("oferta_id") REFERENCES "public"."ofertas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oferta_daily_views_key" ON "oferta_daily_views" USING btree ("oferta_id","day");--> statement-breakpoint
CREATE INDEX "oferta_daily_views_day_idx" ON "oferta_daily_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "alertas_due_idx" ON "alertas" USING btree ("frecuencia","last_sent_at");--> statement-breakpoint
ALTER TABLE "alertas" ADD CONSTRAINT "alertas_frecuencia_check" CHECK ("alertas"."frecuencia" IN ('inmediata', 'diaria', 'semanal'));