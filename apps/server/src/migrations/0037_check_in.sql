-- Check-in (docs/studies.md "Check-in and attendance"): each study's window and late rule, how a
-- member's attendance record was made (their own check-in by the rotating code or the online
-- link), and the log of every change a leader makes to a record.
create table check_in_rules (
  study_id uuid primary key references studies(id),
  opens_before_minutes integer not null default 15 check (opens_before_minutes between 0 and 180),
  closes_after_minutes integer not null default 30 check (closes_after_minutes between 1 and 720),
  late_after_minutes integer not null default 10 check (late_after_minutes between 0 and 720),
  updated_by uuid references users(id),
  updated_at timestamptz not null default now(),
  constraint check_in_rules_late_chk check (late_after_minutes <= closes_after_minutes)
);

alter table event_attendance add column checked_in_at timestamptz;
alter table event_attendance add column check_in_method text check (check_in_method in ('CODE', 'LINK'));
alter table event_attendance add constraint event_attendance_check_in_chk
  check ((checked_in_at is null) = (check_in_method is null));

create table attendance_corrections (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references study_events(id) on delete cascade,
  study_id uuid not null references studies(id),
  user_id uuid not null references users(id),
  from_status text check (from_status in ('PRESENT', 'ABSENT', 'LATE', 'EXCUSED')),
  to_status text not null check (to_status in ('PRESENT', 'ABSENT', 'LATE', 'EXCUSED')),
  actor_id uuid not null references users(id),
  created_at timestamptz not null default now()
);
create index attendance_corrections_study_idx on attendance_corrections (study_id, created_at desc);
