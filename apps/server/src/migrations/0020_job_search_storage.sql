-- Issue 15 (jobs search at 100,000 postings): a posting row is ~2 KB, so PostgreSQL compressed its
-- largest columns, search_jamo among them, and every search that reads rows (the newest-first
-- probe, the text check after the facet-token index) decompressed it row by row: about a third of
-- the cost of checking a row on PGlite. MAIN keeps the search columns uncompressed in the row
-- unless it cannot fit otherwise; the long texts (description, requirements, preferred) are
-- compressed or moved out first. Rows written before this keep their form until they change.
alter table job_postings alter column search_jamo set storage main;
alter table job_postings alter column search_choseong set storage main;
alter table job_postings alter column title_jamo set storage main;
