-- Hand-written (decision 0044): what the catalogue search ranks with, stored per product so that a
-- search never computes trigram similarities per matching product.
-- The product's folded words (search_text split as the search_words trigger splits it), the folded
-- name's words and the number of distinct trigrams of the folded name (pg_trgm's similarity()
-- denominator). One ALTER TABLE: one rewrite.
ALTER TABLE "products"
  ADD COLUMN "search_word_list" text[] GENERATED ALWAYS AS (regexp_split_to_array(f_unaccent(lower("name" || ' ' || "search_extra")), '[^[:alnum:]]+')) STORED,
  ADD COLUMN "name_words" text[] GENERATED ALWAYS AS (regexp_split_to_array(f_unaccent(lower("name")), '[^[:alnum:]]+')) STORED,
  ADD COLUMN "name_trigrams" integer GENERATED ALWAYS AS (cardinality(show_trgm(f_unaccent(lower("name"))))) STORED;--> statement-breakpoint
-- Products are found by the words they contain: the index is on the stored column now (migration
-- 0018 indexed the same expression, recomputed per row whenever the search needed the words).
DROP INDEX IF EXISTS "products_search_words";--> statement-breakpoint
CREATE INDEX "products_search_word_list" ON "products" USING gin ("search_word_list");--> statement-breakpoint
-- New words are rare; without a pending list every lookup reads the index alone.
ALTER INDEX "search_words_trgm" SET (fastupdate = off);--> statement-breakpoint
-- The vocabulary words a (folded) search word matches with pg_trgm's word similarity (`<%`), best
-- first, at most 64, with the similarity (rounded, so ranks compare exactly on both drivers) and the
-- number of trigrams they share. The vocabulary is a few pages, so the planner would scan it and
-- compute the similarity for every word (~5 ms); the trigram index answers in ~0.1 ms, and these
-- settings (for this function's query only) make the planner take it.
CREATE FUNCTION "search_word_matches"(token text) RETURNS TABLE (word text, score numeric, shared integer)
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  SET enable_seqscan = off
  SET random_page_cost = 1
AS $$
  SELECT w.word,
    round(word_similarity(token, w.word)::numeric, 6),
    (SELECT count(*) FROM (SELECT unnest(show_trgm(token)) INTERSECT SELECT unnest(show_trgm(w.word))) AS common)::integer
  FROM search_words AS w
  WHERE token <% w.word
  ORDER BY 2 DESC, 1
  LIMIT 64
$$;
