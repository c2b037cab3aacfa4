-- The jobs navigator's synonym table (packages/contract/src/job-synonyms.ts): a posting's search
-- columns hold every name of its roles and skills in Korean and English, so "backend" finds
-- "백엔드 개발자". The table lives in code, so the columns record the version of it they were
-- written with; at start-up the job-postings seeder's `always` step rewrites the postings written
-- with another version (0 = before this migration), in batches (search-refresh.ts).
alter table job_postings add column search_version integer not null default 0;
