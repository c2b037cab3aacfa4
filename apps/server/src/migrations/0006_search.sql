-- Trigram matching for Korean search (search/korean-search.ts): GIN indexes on the normalised,
-- jamo and choseong columns that studies, projects and jobs keep.
create extension if not exists pg_trgm;
