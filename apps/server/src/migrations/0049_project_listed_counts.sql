-- How many listed projects (not deleted, not DRAFT) each (status, type, meeting type) has, kept by
-- triggers on projects in the same transaction (docs/projects.md "List, search and sorting"): the
-- public list's total without a stack, position or text filter is a sum over at most 60 rows, where
-- counting the matching projects read every one of them (17 ms a call at 10⁴ projects on PGlite).
create table project_listed_counts (
  status text not null,
  type text not null,
  meeting_type text not null,
  n integer not null check (n >= 0),
  primary key (status, type, meeting_type)
);

-- `delta`: each bucket's change, written in the key's order (two statements moving projects
-- between the same buckets lock them in one order); empty buckets go
create function project_listed_counts_apply(delta jsonb) returns void language plpgsql as $$
begin
  insert into project_listed_counts as c (status, type, meeting_type, n)
  select d.status, d.type, d.meeting_type, greatest(d.k, 0)
  from jsonb_to_recordset(delta) as d(status text, type text, meeting_type text, k integer)
  where d.k <> 0
  order by 1, 2, 3
  on conflict (status, type, meeting_type) do update set n = c.n + (
    select d.k from jsonb_to_recordset(delta) as d(status text, type text, meeting_type text, k integer)
    where d.status = excluded.status and d.type = excluded.type and d.meeting_type = excluded.meeting_type);
  delete from project_listed_counts c where c.n = 0;
end
$$;

create function project_listed_counts_inserted() returns trigger language plpgsql as $$
begin
  perform project_listed_counts_apply((
    select coalesce(jsonb_agg(jsonb_build_object('status', status, 'type', type, 'meeting_type', meeting_type, 'k', k)), '[]')
    from (select status, type, meeting_type, count(*)::integer as k from new_rows
      where not deleted and status <> 'DRAFT' group by 1, 2, 3) g));
  return null;
end
$$;
-- per row, and only when a project changes bucket (its WHEN): a view counted writes nothing
create function project_listed_counts_moved() returns trigger language plpgsql as $$
begin
  perform project_listed_counts_apply((
    select coalesce(jsonb_agg(jsonb_build_object('status', status, 'type', type, 'meeting_type', meeting_type, 'k', k)), '[]')
    from (select status, type, meeting_type, sum(k)::integer as k from (
        select new.status, new.type, new.meeting_type, 1 as k where not new.deleted and new.status <> 'DRAFT'
        union all
        select old.status, old.type, old.meeting_type, -1 where not old.deleted and old.status <> 'DRAFT'
      ) x group by 1, 2, 3) g));
  return null;
end
$$;
create function project_listed_counts_deleted() returns trigger language plpgsql as $$
begin
  perform project_listed_counts_apply((
    select coalesce(jsonb_agg(jsonb_build_object('status', status, 'type', type, 'meeting_type', meeting_type, 'k', -k)), '[]')
    from (select status, type, meeting_type, count(*)::integer as k from old_rows
      where not deleted and status <> 'DRAFT' group by 1, 2, 3) g));
  return null;
end
$$;

-- (a trigger with transition tables fires for one kind of statement only)
create trigger projects_listed_counts_ins after insert on projects
  referencing new table as new_rows
  for each statement execute function project_listed_counts_inserted();
create trigger projects_listed_counts_upd after update of status, type, meeting_type, deleted on projects
  for each row
  when (old.status is distinct from new.status or old.type is distinct from new.type
    or old.meeting_type is distinct from new.meeting_type or old.deleted is distinct from new.deleted)
  execute function project_listed_counts_moved();
create trigger projects_listed_counts_del after delete on projects
  referencing old table as old_rows
  for each statement execute function project_listed_counts_deleted();

insert into project_listed_counts (status, type, meeting_type, n)
select status, type, meeting_type, count(*) from projects
where not deleted and status <> 'DRAFT'
group by 1, 2, 3;
