-- Hand-written (decision 0106): a laboratory's folded name words, stored, so that a gated catalogue
-- search (search-words.ts) finds the laboratories holding a matched word by comparing arrays instead
-- of folding (f_unaccent) and splitting every laboratory's name on every search: ~38 ms over the
-- register's ~700 laboratories on a loaded machine, most of a search's time.
ALTER TABLE "laboratories"
  ADD COLUMN "name_words" text[] GENERATED ALWAYS AS (regexp_split_to_array(f_unaccent(lower("name")), '[^[:alnum:]]+')) STORED;--> statement-breakpoint
-- Hand-written (decision 0106): the products' word index takes new entries at once. With GIN's
-- default pending list, a sync's 25,000 inserted products waited there until a vacuum, and every
-- search scanned the whole list: 51 ms for the "ibuprofeno" lookup on the register-sized set, 0.26 ms
-- once flushed. Turning it off does not flush what is pending: gin_clean_pending_list does.
ALTER INDEX "products_search_word_list" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_word_list');
