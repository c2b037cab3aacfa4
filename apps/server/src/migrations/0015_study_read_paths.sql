-- Study reads without the cache (issue 19, docs/performance.md "Server reads").
--
-- 1. The public list's total without counting every approved study: study_public_counts keeps
--    how many public studies (APPROVED, not deleted) there are per filter value (type, cost
--    type, recurrence), whether a seat is free, and the UTC day of the recruiting deadline. A
--    trigger keeps it exact in the same transaction as the change, so any filter combination
--    sums a few hundred rows at most, however many studies there are. "Recruiting" (deadline
--    not passed, a seat free) adds the days after today to the studies of today's bucket whose
--    deadline is still ahead (an index range over one day).
-- 2. Covering partial indexes for each sort of the public list, with the filter columns
--    included: the page is found by an index-only walk and only its rows are read.

create table study_public_counts (
  type text not null,
  cost_type text not null,
  recurrence_type text not null,
  open_seats boolean not null,
  deadline_day date not null,
  n integer not null check (n >= 0),
  primary key (type, cost_type, recurrence_type, open_seats, deadline_day)
);

create function study_public_counts_apply(s studies, delta integer) returns void language plpgsql as $$
declare
  left_n integer;
begin
  if s.status <> 'APPROVED' or s.deleted then
    return;
  end if;
  if delta > 0 then
    insert into study_public_counts as c (type, cost_type, recurrence_type, open_seats, deadline_day, n)
    values (s.type, s.cost_type, s.recurrence_type, s.seats_taken < s.capacity, (s.recruit_deadline at time zone 'UTC')::date, delta)
    on conflict (type, cost_type, recurrence_type, open_seats, deadline_day) do update set n = c.n + excluded.n;
  else
    update study_public_counts c set n = c.n + delta
    where c.type = s.type and c.cost_type = s.cost_type and c.recurrence_type = s.recurrence_type
      and c.open_seats = (s.seats_taken < s.capacity) and c.deadline_day = (s.recruit_deadline at time zone 'UTC')::date
    returning c.n into left_n;
    -- empty buckets go, so the table stays as small as the set of live (filter, day) pairs
    if left_n = 0 then
      delete from study_public_counts c
      where c.type = s.type and c.cost_type = s.cost_type and c.recurrence_type = s.recurrence_type
        and c.open_seats = (s.seats_taken < s.capacity) and c.deadline_day = (s.recruit_deadline at time zone 'UTC')::date
        and c.n = 0;
    end if;
  end if;
end
$$;

create function study_public_counts_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform study_public_counts_apply(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform study_public_counts_apply(new, 1);
  end if;
  return null;
end
$$;

create trigger studies_public_counts_ins_del after insert or delete on studies
  for each row execute function study_public_counts_track();
-- most updates (a seat taken, a title edited) leave the bucket as it was and skip the function
create trigger studies_public_counts_upd after update on studies
  for each row
  when (((old.status = 'APPROVED' and not old.deleted) or (new.status = 'APPROVED' and not new.deleted))
    and (old.status, old.deleted, old.type, old.cost_type, old.recurrence_type, old.seats_taken < old.capacity,
         (old.recruit_deadline at time zone 'UTC')::date)
      is distinct from (new.status, new.deleted, new.type, new.cost_type, new.recurrence_type, new.seats_taken < new.capacity,
         (new.recruit_deadline at time zone 'UTC')::date))
  execute function study_public_counts_track();

insert into study_public_counts (type, cost_type, recurrence_type, open_seats, deadline_day, n)
select type, cost_type, recurrence_type, seats_taken < capacity, (recruit_deadline at time zone 'UTC')::date, count(*)
from studies
where status = 'APPROVED' and not deleted
group by 1, 2, 3, 4, 5;

-- the public list's sorts (createdAt, startDate, recruitDeadline, title), each with the filter
-- columns, replacing the two key-only indexes of 0003
create index studies_public_created_cover_idx on studies (created_at desc, id desc)
  include (type, cost_type, recurrence_type, recruit_deadline, seats_taken, capacity)
  where status = 'APPROVED' and not deleted;
create index studies_public_start_cover_idx on studies (start_date, id)
  include (type, cost_type, recurrence_type, recruit_deadline, seats_taken, capacity)
  where status = 'APPROVED' and not deleted;
create index studies_public_deadline_cover_idx on studies (recruit_deadline, id)
  include (type, cost_type, recurrence_type, seats_taken, capacity)
  where status = 'APPROVED' and not deleted;
create index studies_public_title_cover_idx on studies (title, id)
  include (type, cost_type, recurrence_type, recruit_deadline, seats_taken, capacity)
  where status = 'APPROVED' and not deleted;
drop index studies_public_created_idx;
drop index studies_public_start_idx;

-- the signed-in detail's "my latest application to this study"
create index study_applications_study_user_idx on study_applications (study_id, user_id, applied_at desc);
