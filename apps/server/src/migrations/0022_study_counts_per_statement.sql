-- The public list's counts (study_public_counts, migration 0015) kept per statement on insert and
-- delete (issue 19, docs/performance.md "Server reads without the cache").
--
-- The row trigger of 0015 upserted one bucket row per inserted study. An insert of many studies
-- in one statement (the bench seeds 100,000 that way; an import would too) left one dead row
-- version per study in this 60-row table: 401 pages at 100,000 studies, which the unfiltered
-- total then scanned at every request (PGlite runs no autovacuum, and a plain VACUUM cannot give
-- back pages whose live rows are spread over the file). Per statement, the inserted (or deleted)
-- rows are grouped by bucket first, so a statement writes each bucket once, however many studies
-- it carries. Updates keep the row trigger of 0015 (its WHEN skips the updates that leave the
-- bucket as it was, which a statement trigger cannot).

drop trigger studies_public_counts_ins_del on studies;

create function study_public_counts_inserted() returns trigger language plpgsql as $$
begin
  insert into study_public_counts as c (type, cost_type, recurrence_type, open_seats, deadline_day, n)
  select s.type, s.cost_type, s.recurrence_type, s.seats_taken < s.capacity, (s.recruit_deadline at time zone 'UTC')::date, count(*)
  from new_rows s
  where s.status = 'APPROVED' and not s.deleted
  group by 1, 2, 3, 4, 5
  on conflict (type, cost_type, recurrence_type, open_seats, deadline_day) do update set n = c.n + excluded.n;
  return null;
end
$$;

create function study_public_counts_deleted() returns trigger language plpgsql as $$
begin
  with gone as (
    select s.type, s.cost_type, s.recurrence_type, s.seats_taken < s.capacity as open_seats,
      (s.recruit_deadline at time zone 'UTC')::date as deadline_day, count(*)::integer as k
    from old_rows s
    where s.status = 'APPROVED' and not s.deleted
    group by 1, 2, 3, 4, 5
  )
  update study_public_counts c set n = c.n - g.k
  from gone g
  where c.type = g.type and c.cost_type = g.cost_type and c.recurrence_type = g.recurrence_type
    and c.open_seats = g.open_seats and c.deadline_day = g.deadline_day;
  -- empty buckets go, so the table stays as small as the set of live (filter, day) pairs
  delete from study_public_counts c where c.n = 0;
  return null;
end
$$;

create trigger studies_public_counts_ins after insert on studies
  referencing new table as new_rows
  for each statement execute function study_public_counts_inserted();
create trigger studies_public_counts_del after delete on studies
  referencing old table as old_rows
  for each statement execute function study_public_counts_deleted();

-- rebuilt in a fresh file (TRUNCATE), so a table bloated by earlier bulk inserts starts compact
truncate study_public_counts;
insert into study_public_counts (type, cost_type, recurrence_type, open_seats, deadline_day, n)
select type, cost_type, recurrence_type, seats_taken < capacity, (recruit_deadline at time zone 'UTC')::date, count(*)
from studies
where status = 'APPROVED' and not deleted
group by 1, 2, 3, 4, 5;
