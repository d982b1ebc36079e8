DROP INDEX "products_holder_idx";--> statement-breakpoint
CREATE INDEX "products_holder_name_idx" ON "products" USING btree ("holder_laboratory_id",lower("name"),"id");--> statement-breakpoint
-- Hand-written (decision 0048): the facet counts of a laboratory's products read this index alone
-- (an index-only scan: ~2 ms for 1,100 products instead of ~30 ms visiting their rows). Drizzle's
-- index builder has no INCLUDE, so the schema does not declare it, like migration 0020's objects.
CREATE INDEX "products_holder_facets" ON "products" USING btree ("holder_laboratory_id") INCLUDE ("form", "atc_code", "prescription", "generic", "marketed");
