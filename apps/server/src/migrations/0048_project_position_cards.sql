-- The open positions of each project as the public list's cards show them (docs/projects.md
-- "List, search and sorting"), kept per project by statement triggers on project_positions, as
-- the study cards are (0024): a list page reads one row per card instead of looking up and
-- aggregating its positions (0.72 of the page statement's 1.93 ms at 10⁴ projects). A project
-- without positions has no row (the list reads `[]`).
create table project_position_cards (
  project_id uuid primary key references projects(id),
  positions json not null
);

-- the positions of the projects named in `changed`, in the page's order (sort order, then created)
create function project_position_cards_write(changed uuid[]) returns void language plpgsql as $$
begin
  insert into project_position_cards as c (project_id, positions)
  select p.id,
    coalesce((select json_agg(json_build_object('id', pp.id, 'name', pp.name, 'requiredCount', pp.required_count,
        'filledCount', pp.filled_count) order by pp.sort_order, pp.created_at)
      from project_positions pp where pp.project_id = p.id and pp.removed_at is null), '[]'::json)
  from projects p
  where p.id = any(changed)
  on conflict (project_id) do update set positions = excluded.positions;
end
$$;

create function project_position_cards_inserted() returns trigger language plpgsql as $$
begin
  perform project_position_cards_write(array(select distinct project_id from new_rows));
  return null;
end
$$;
create function project_position_cards_updated() returns trigger language plpgsql as $$
begin
  perform project_position_cards_write(array(select project_id from new_rows union select project_id from old_rows));
  return null;
end
$$;
create function project_position_cards_deleted() returns trigger language plpgsql as $$
begin
  perform project_position_cards_write(array(select distinct project_id from old_rows));
  return null;
end
$$;

-- (a trigger with transition tables fires for one kind of statement only)
create trigger project_positions_cards_ins after insert on project_positions
  referencing new table as new_rows
  for each statement execute function project_position_cards_inserted();
create trigger project_positions_cards_upd after update on project_positions
  referencing new table as new_rows old table as old_rows
  for each statement execute function project_position_cards_updated();
create trigger project_positions_cards_del after delete on project_positions
  referencing old table as old_rows
  for each statement execute function project_position_cards_deleted();

select project_position_cards_write(array(select distinct project_id from project_positions));
