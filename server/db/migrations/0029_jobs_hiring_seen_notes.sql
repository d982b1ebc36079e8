ALTER TABLE "candidatura_eventos" DROP CONSTRAINT "candidatura_eventos_desde_check";--> statement-breakpoint
ALTER TABLE "candidatura_eventos" DROP CONSTRAINT "candidatura_eventos_hasta_check";--> statement-breakpoint
ALTER TABLE "candidaturas" DROP CONSTRAINT "candidaturas_estado_check";--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD COLUMN "mensaje" text;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "vista_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "nota" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidaturas" ADD COLUMN "valoracion" smallint;--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_desde_check" CHECK ("candidatura_eventos"."desde" IN ('recibida', 'en_proceso', 'finalista', 'contratada', 'descartada', 'retirada'));--> statement-breakpoint
ALTER TABLE "candidatura_eventos" ADD CONSTRAINT "candidatura_eventos_hasta_check" CHECK ("candidatura_eventos"."hasta" IN ('recibida', 'en_proceso', 'finalista', 'contratada', 'descartada', 'retirada'));--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_valoracion_check" CHECK ("candidaturas"."valoracion" between 1 and 5);--> statement-breakpoint
ALTER TABLE "candidaturas" ADD CONSTRAINT "candidaturas_estado_check" CHECK ("candidaturas"."estado" IN ('recibida', 'en_proceso', 'finalista', 'contratada', 'descartada', 'retirada'));--> statement-breakpoint
-- Hand-written (issue 28, decision 0077): the vocabulary of the offers' folded words, so a misspelt
-- search word is matched by trigrams against the distinct words instead of every offer's text (as
-- the catalogue's search_words, decision 0037). Not in the Drizzle schema, like search_words.
CREATE TABLE "oferta_palabras" ("word" text PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE INDEX "oferta_palabras_trgm" ON "oferta_palabras" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "ofertas_add_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO oferta_palabras (word)
    SELECT DISTINCT w FROM regexp_split_to_table(f_unaccent(lower(NEW.titulo || ' ' || NEW.busqueda_extra || ' ' || NEW.descripcion_texto)), '[^[:alnum:]]+') AS w
    WHERE length(w) >= 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ofertas_add_words" AFTER INSERT OR UPDATE OF "titulo", "busqueda_extra", "descripcion_texto" ON "ofertas"
  FOR EACH ROW EXECUTE FUNCTION "ofertas_add_words"();--> statement-breakpoint
INSERT INTO "oferta_palabras" ("word")
  SELECT DISTINCT w FROM "ofertas", regexp_split_to_table(f_unaccent(lower("titulo" || ' ' || "busqueda_extra" || ' ' || "descripcion_texto")), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 2
  ON CONFLICT DO NOTHING;
