-- The public list by creation date with a type or cost-type filter (issue 19, docs/performance.md
-- "Filtered list (2026-11-24)").
--
-- The sort indexes of 0015 carry the filter columns, so a filtered page was an index-only walk of
-- the creation-date index that skipped every entry not matching: for `type=EDUCATIONAL&
-- costType=PAID&recruiting=true` (1 public study in 15) page 3 read ~600 entries to keep 40, at
-- any table size. Led by the two filter columns, this index gives each (type, cost type) pair's
-- studies in creation order: the list walks it once per pair the filters allow and merges the
-- walks (study-read-repo.ts `typeCostWalks`), so page 3 reads ~40 entries. The columns of the
-- other filters (recurrence, recruiting) are included, so the walks stay index-only.
create index studies_public_type_cost_created_idx on studies (type, cost_type, created_at desc, id desc)
  include (recurrence_type, recruit_deadline, seats_taken, capacity)
  where status = 'APPROVED' and not deleted;
