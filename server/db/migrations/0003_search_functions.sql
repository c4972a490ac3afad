-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in generated
-- columns or index expressions. This wrapper pins the dictionary and is declared IMMUTABLE,
-- the usual PostgreSQL idiom for accent-insensitive search.
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
