CREATE TABLE "cargos" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "cargos_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "empresa_tipos" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "empresa_tipos_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"id" integer PRIMARY KEY NOT NULL,
	"pais_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"slug" varchar(120) NOT NULL,
	"codigo" varchar(12) NOT NULL,
	CONSTRAINT "estados_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "paises" (
	"id" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nombre_en" text NOT NULL,
	"slug" varchar(80) NOT NULL,
	"iso" varchar(2) NOT NULL,
	"estado_tipo" text NOT NULL,
	"prefijo_tel" varchar(8),
	"region_id" smallint NOT NULL,
	CONSTRAINT "paises_slug_unique" UNIQUE("slug"),
	CONSTRAINT "paises_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "regiones" (
	"id" smallint PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estados" ADD CONSTRAINT "estados_pais_id_paises_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."paises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paises" ADD CONSTRAINT "paises_region_id_regiones_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regiones"("id") ON DELETE no action ON UPDATE no action;