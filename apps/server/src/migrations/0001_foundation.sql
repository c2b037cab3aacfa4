-- Foundation: the durable job queue every module schedules later work on.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (length(kind) between 1 and 100),
  payload jsonb not null default '{}'::jsonb,
  -- jobs with the same dedupe key are enqueued once while pending (e.g. one expiry per application)
  dedupe_key text,
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  locked_until timestamptz,
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs (run_at) where status = 'pending';
create unique index jobs_dedupe_idx on jobs (dedupe_key) where status = 'pending' and dedupe_key is not null;

-- Small key/value facts about this installation (e.g. when demo content was loaded).
create table app_meta (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
