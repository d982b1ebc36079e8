-- Hand-written (decision 0106): a laboratory's folded name words, stored, so that a gated catalogue
-- search (search-words.ts) finds the laboratories holding a matched word by comparing arrays instead
-- of folding (f_unaccent) and splitting every laboratory's name on every search: ~38 ms over the
-- register's ~700 laboratories on a loaded machine, most of a search's time.
ALTER TABLE "laboratories"
  ADD COLUMN "name_words" text[] GENERATED ALWAYS AS (regexp_split_to_array(f_unaccent(lower("name")), '[^[:alnum:]]+')) STORED;
