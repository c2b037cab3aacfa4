-- Session 18: a study's history (GET /api/studies/{id}/transitions, oldest first) and the reason of
-- its latest move were ordered by `created_at` and then by the random `id`. On the embedded database
-- (PGlite) the clock has millisecond resolution, so two moves made in the same millisecond (status.test
-- "records every move": PROPOSE then REJECT, back to back) had the same `created_at` and could be
-- listed in either order. `seq` records the order in which moves were stored; existing rows are
-- numbered in their stored order. The index on (study_id, created_at) becomes (study_id, seq).
alter table study_transitions add column seq bigserial not null;
drop index if exists study_transitions_study_idx;
create index study_transitions_study_idx on study_transitions (study_id, seq);
