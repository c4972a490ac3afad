-- Search (issue 3) ranks location text by trigram similarity and folds accents; both
-- extensions ship with PostgreSQL and with PGlite (loaded in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
