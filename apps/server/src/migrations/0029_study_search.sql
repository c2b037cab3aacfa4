-- Korean search for the public studies list, as projects and jobs have it (search/korean-search.ts,
-- GUIDE §3): a normalised, a jamo and a 초성 column of the study's searchable text (its title and
-- tagline), each trigram-indexed, so partial words, words being typed ("리ㅇ" → 리액트) and 초성
-- ("ㄹㅇㅌ") find studies, ranked by similarity().
--
-- The columns are computed by the server (es-hangul), never in SQL, so PGlite and PostgreSQL agree
-- and there is one definition of them: every write of a title or tagline writes them
-- (study-repo.ts), and the rows that exist before this migration are filled at start-up by the
-- studies seeder's `always` step (study-search-backfill.ts), which reads the rows still at '' (a
-- title is never empty, so '' means "not computed yet").
--
-- The indexes cover the public list only (APPROVED, not deleted: what the search reads, as the
-- list's other indexes in 0015), without GIN's fast-update pending list (PGlite runs no autovacuum
-- to flush it: see 0009).
alter table studies add column search_text text not null default '';
alter table studies add column search_jamo text not null default '';
alter table studies add column search_choseong text not null default '';

create index studies_public_search_jamo_trgm on studies using gin (search_jamo gin_trgm_ops) with (fastupdate = off)
  where status = 'APPROVED' and not deleted;
create index studies_public_search_choseong_trgm on studies using gin (search_choseong gin_trgm_ops) with (fastupdate = off)
  where status = 'APPROVED' and not deleted;
