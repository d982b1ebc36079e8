-- Hand-written (decision 0037): the vocabulary of the catalogue's folded words, so a misspelt search
-- word is matched by trigrams against ~2,000 distinct words instead of every product's text.
CREATE TABLE "search_words" ("word" text PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_words" ON "products" USING gin ((regexp_split_to_array("search_text", '[^[:alnum:]]+')));--> statement-breakpoint
CREATE FUNCTION "products_add_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w WHERE length(w) >= 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_add_search_words" AFTER INSERT OR UPDATE OF "name", "search_extra" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_add_search_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "products", regexp_split_to_table("search_text", '[^[:alnum:]]+') AS w WHERE length(w) >= 2
  ON CONFLICT DO NOTHING;
