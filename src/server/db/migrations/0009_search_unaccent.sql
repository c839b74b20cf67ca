-- Search that ignores accents and case (issue #12): "algodao" finds "algodão". unaccent() is not IMMUTABLE,
-- so an index needs this wrapper with the dictionary named; the trigram index serves '%word%' matches.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_trgm_idx" ON "products" USING gin (lower(f_unaccent("name")) gin_trgm_ops);
