-- Deduction game (issue 17): the turns the server referees, boards per difficulty, custom bots
-- and their ladder. The games module owns deduction_session_logs and the board keys; the
-- deduction-bots module owns deduction_bots and deduction_bot_ladder.

-- Boards per DEDUCTION difficulty: a board key is the period ('ALL' or 'W<Monday>') with an
-- optional '/<difficulty>' (e.g. 'ALL/BEGINNER', 'W2026-11-23/ADVANCED').
alter table game_best_scores drop constraint game_best_scores_period_check;
alter table game_best_scores add constraint game_best_scores_period_check
  check (period ~ '^(ALL|W[0-9]{4}-[0-9]{2}-[0-9]{2})(/(BEGINNER|INTERMEDIATE|ADVANCED))?$');

-- The guess log of a DEDUCTION session the server referees turn by turn (the seed stays in
-- game_sessions and never reaches the browser before the end). event_count is the version a
-- turn is compared-and-swapped on; turn_started_at starts the turn timer.
create table deduction_session_logs (
  session_id uuid primary key references game_sessions (id) on delete cascade,
  events jsonb not null default '[]'::jsonb,
  event_count integer not null default 0 check (event_count >= 0 and event_count <= 1200),
  turns integer not null default 0 check (turns >= 0),
  turn_started_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A custom bot: JavaScript run in a QuickJS sandbox. `version` grows with every code change
-- (the ladder result belongs to one version); share_id is the link others open it with.
create table deduction_bots (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 30),
  description text not null default '' check (length(description) <= 200),
  code text not null check (length(code) between 1 and 20000),
  version integer not null default 1 check (version >= 1),
  shared boolean not null default false,
  share_id text not null unique check (share_id ~ '^[A-Za-z0-9_-]{8,40}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index deduction_bots_user_idx on deduction_bots (user_id, updated_at desc);

-- The ladder run of a bot version: queued, running, done (with its tally) or failed.
create table deduction_bot_ladder (
  bot_id uuid primary key references deduction_bots (id) on delete cascade,
  version integer not null,
  status text not null check (status in ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  played integer not null default 0,
  wins integer not null default 0,
  draws integer not null default 0,
  losses integer not null default 0,
  points integer not null default 0,
  win_guesses integer not null default 0,
  faults integer not null default 0,
  games jsonb not null default '[]'::jsonb,
  error text check (error is null or length(error) <= 500),
  queued_at timestamptz not null default now(),
  finished_at timestamptz
);
create index deduction_bot_ladder_rank_idx on deduction_bot_ladder (points desc, win_guesses, finished_at) where status = 'DONE';
