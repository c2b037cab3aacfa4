-- The public list's studies as stored text (issue 19, docs/performance.md "Stored study cards").
--
-- The list statement wrote each study of its page as the contract's JSON at every call
-- (row_to_json of four sub-selects, three to_char per row: most of the database's ~250–300 µs per
-- list call on PostgreSQL; on PGlite the 38 columns of 10 rows decoded and shaped in the server).
-- Here that text is written once per change of the study, by the triggers below, in the same
-- statement as the change: the list joins its page's ids to `study_cards` and concatenates.
--
-- One card = what study-read-repo.ts STUDY_PAGE_ITEM wrote, in two parts around the leader's
-- public profile (name, profile image), which belongs to the users module and is joined from
-- `user_public` at read time (a rename shows at once; no trigger on another module's table):
--   head: `{"id":…,"type":…,"leader":{"id":"<leader>","name":`
--   tail: `,"welcomeMessage":…},"schedule":…,"paymentDeadlineHours":…,"questions":…,"deleted":…,
--          "rejectReason":null,"createdAt":…,"updatedAt":…,"applicability":` chr(1) status,
--          deadline (epoch ms), capacity, enrolled, seats taken, isRecruiting chr(1) `,"viewer":null}`
-- `questions` other than `[]` stay between two chr(2) as jsonb prints them (the server writes them
-- again), and `applicability` depends on the time of the request, so the server computes it from
-- the chr(1)-delimited inputs (study-service.ts `studyPageJsonOf`). Timestamps as
-- `Date.prototype.toISOString` writes them (UTC, milliseconds truncated). Whatever a card shows
-- comes from its study's row and is rebuilt by every insert and update of it.

create table study_cards (
  study_id uuid primary key references studies (id) on delete cascade,
  leader_id uuid not null,
  head text not null,
  tail text not null
);

-- plpgsql, not SQL: a SQL function with sub-selects is not inlined and its body is planned at
-- each call; plpgsql keeps the plan for the session (one run each, 10,000 studies: PostgreSQL's
-- trigger 0.5 → 0.1 ms per updated study, PGlite's unchanged at ~0.16 ms)
create function study_card_head(s studies) returns text language plpgsql stable as $$
begin
  return (select left(row_to_json(h)::text, -1) || ',"leader":{"id":' || to_json(s.leader_id)::text || ',"name":'
  from (select s.id as "id", s.slug as "slug", s.title as "title", s.cover_image as "coverImage",
    regexp_replace(s.cover_image, 'size=1280', 'size=640') as "coverImageThumb",
    s.cover_image_status as "coverImageStatus", s.generation as "generation", s.tagline as "tagline",
    s.proposer_id as "proposerId", s.type as "type") h);
end
$$;

create function study_card_tail(s studies) returns text language plpgsql stable as $$
begin
  return (select ',"welcomeMessage":' || to_json(s.welcome_message)::text || '},' || substr(left(row_to_json(t)::text, -1), 2)
    || ',"questions":'
    || case when s.questions = '[]'::jsonb then '[]' else chr(2) || s.questions::text || chr(2) end
    || ',"deleted":' || s.deleted::text || ',"rejectReason":null,"createdAt":"'
    || to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","updatedAt":"' || to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","applicability":' || chr(1)
    || s.status || ' ' || floor(extract(epoch from s.recruit_deadline) * 1000)::bigint
    || ' ' || s.capacity || ' ' || s.enrolled || ' ' || s.seats_taken || ' ' || coalesce(s.is_recruiting::text, '')
    || chr(1) || ',"viewer":null}'
  from (select s.schedule as "schedule", s.duration as "duration",
    (select row_to_json(d) from (select s.schedule_weekdays as "weekdays", s.session_start_time as "startTime",
      s.session_end_time as "endTime", s.timezone as "timezone") d) as "scheduleDetails",
    (select row_to_json(o) from (select s.location_type as "type", s.location_address as "address") o) as "location",
    s.capacity as "capacity", s.enrolled as "enrolled", s.seats_taken as "seatsTaken",
    to_char(s.recruit_deadline at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "recruitDeadline",
    s.is_recruiting as "isRecruiting", s.status as "status", s.recurrence_type as "recurrenceType",
    s.start_date as "startDate", s.end_date as "endDate", s.cost_type as "costType",
    s.cost_description as "costDescription", s.cost as "cost", s.payment_deadline_hours as "paymentDeadlineHours") t);
end
$$;

-- per statement: a bulk insert (the bench's generate_series, an import) writes its cards in one
-- statement too
create function study_cards_written() returns trigger language plpgsql as $$
begin
  insert into study_cards as c (study_id, leader_id, head, tail)
  select s.id, s.leader_id, study_card_head(s::studies), study_card_tail(s::studies)
  from new_rows s
  on conflict (study_id) do update set leader_id = excluded.leader_id, head = excluded.head, tail = excluded.tail;
  return null;
end
$$;

create trigger studies_cards_ins after insert on studies
  referencing new table as new_rows
  for each statement execute function study_cards_written();
create trigger studies_cards_upd after update on studies
  referencing new table as new_rows
  for each statement execute function study_cards_written();

insert into study_cards (study_id, leader_id, head, tail)
select s.id, s.leader_id, study_card_head(s), study_card_tail(s)
from studies s;
