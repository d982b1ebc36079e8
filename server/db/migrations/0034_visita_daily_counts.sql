CREATE TABLE "visita_daily_counts" (
	"day" date NOT NULL,
	"event" varchar(24) NOT NULL,
	"product_id" integer,
	"representative_id" integer,
	"promotion_id" integer,
	"estado_id" integer,
	"count" integer NOT NULL,
	CONSTRAINT "visita_daily_counts_key" UNIQUE NULLS NOT DISTINCT("day","event","product_id","representative_id","promotion_id","estado_id"),
	CONSTRAINT "visita_daily_counts_event_check" CHECK ("visita_daily_counts"."event" IN ('vista_perfil', 'vista_producto', 'vista_promocion', 'vista_cartera', 'contacto', 'clic_promocion'))
);
--> statement-breakpoint
ALTER TABLE "visita_daily_counts" ADD CONSTRAINT "visita_daily_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_daily_counts" ADD CONSTRAINT "visita_daily_counts_representative_id_users_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_daily_counts" ADD CONSTRAINT "visita_daily_counts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visita_daily_counts" ADD CONSTRAINT "visita_daily_counts_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visita_daily_counts_product_idx" ON "visita_daily_counts" USING btree ("product_id","day");--> statement-breakpoint
CREATE INDEX "visita_daily_counts_representative_idx" ON "visita_daily_counts" USING btree ("representative_id","day");