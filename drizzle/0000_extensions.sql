-- Extensions the schema needs: trigram indexes for fuzzy name/city search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
