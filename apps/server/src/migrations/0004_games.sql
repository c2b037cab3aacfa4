-- Games (issue 7): play sessions, verified results, saved states and the best scores the
-- leaderboards rank. Owned by the games module (apps/server/src/modules/games).

-- One play of one game by one signed-in user. The server issues the seed; a user has at most
-- one session IN_PROGRESS per game (starting another abandons it).
create table game_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  game_type text not null check (game_type in ('TETRIS', 'DEDUCTION')),
  status text not null default 'IN_PROGRESS' check (status in ('IN_PROGRESS', 'COMPLETED', 'ABANDONED', 'REJECTED')),
  seed text not null check (length(seed) between 8 and 128),
  start_level integer not null default 1 check (start_level between 1 and 15),
  metadata jsonb not null default '{}'::jsonb,
  started_at timestamptz not null default now(),
  -- start or last saved state: the 24 h abandon sweep looks at this
  last_activity_at timestamptz not null default now(),
  ended_at timestamptz,
  -- ABANDONED: USER | REPLACED | TIMEOUT; REJECTED: the verification failure (e.g. FIELD_MISMATCH)
  end_reason text check (end_reason is null or length(end_reason) <= 40),
  end_message text check (end_message is null or length(end_message) <= 500),
  -- sha-256 of the canonical submitted result: the same result again answers the same record
  result_hash text,
  check ((status = 'IN_PROGRESS') = (ended_at is null)),
  check (status not in ('COMPLETED', 'REJECTED') or result_hash is not null)
);
create unique index game_sessions_one_active_idx on game_sessions (user_id, game_type) where status = 'IN_PROGRESS';
create index game_sessions_user_idx on game_sessions (user_id, started_at desc);
create index game_sessions_stale_idx on game_sessions (last_activity_at) where status = 'IN_PROGRESS';

-- A finished game: from a session (verified by replay for TETRIS) or imported from a guest's
-- browser history (never verified, never ranked).
create table game_records (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  game_type text not null check (game_type in ('TETRIS', 'DEDUCTION')),
  source text not null check (source in ('SESSION', 'GUEST_IMPORT')),
  session_id uuid unique references game_sessions (id) on delete cascade,
  guest_id text check (guest_id is null or length(guest_id) between 1 and 100),
  verified boolean not null,
  ranked boolean not null,
  -- the result beat the player's earlier all-time best (answered again on a repeated end)
  personal_best boolean not null default false,
  score bigint not null check (score >= 0),
  level integer,
  lines_cleared integer,
  max_combo integer,
  won boolean,
  time_elapsed_seconds integer not null default 0 check (time_elapsed_seconds >= 0),
  -- the other result fields (DEDUCTION's difficulty, hints …)
  details jsonb not null default '{}'::jsonb,
  -- the submitted input log / game data, as text
  game_data text,
  played_at timestamptz not null default now(),
  check ((source = 'SESSION') = (session_id is not null)),
  check ((source = 'GUEST_IMPORT') = (guest_id is not null)),
  check (source = 'SESSION' or not ranked)
);
create unique index game_records_guest_idx on game_records (user_id, guest_id) where guest_id is not null;
create index game_records_user_idx on game_records (user_id, game_type, played_at desc);
create index game_records_type_idx on game_records (game_type, played_at desc);

-- Best ranked score per user, game and period ('ALL', or 'W' + the Monday of a week in
-- Asia/Seoul, e.g. 'W2026-11-16'). Replaced only by a strictly higher score, so among equal
-- scores the one reached first keeps its place. The rank index is rebuilt from this table.
create table game_best_scores (
  game_type text not null check (game_type in ('TETRIS', 'DEDUCTION')),
  period text not null check (period = 'ALL' or period ~ '^W[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  user_id uuid not null references users (id) on delete cascade,
  score bigint not null check (score >= 0),
  -- millisecond resolution, like the rank index (so the database and the index order alike)
  achieved_at timestamptz not null check (achieved_at = date_trunc('milliseconds', achieved_at)),
  record_id uuid not null references game_records (id) on delete cascade,
  updated_at timestamptz not null default now(),
  primary key (game_type, period, user_id)
);
-- board order as one ascending key, so a board is read page by page with a row-value cursor
create index game_best_scores_rank_idx on game_best_scores (game_type, period, (-score), achieved_at, user_id);
create index game_best_scores_updated_idx on game_best_scores (updated_at);

-- Saved states of sessions in progress (checkpoints to resume from), one per type.
create table game_states (
  session_id uuid not null references game_sessions (id) on delete cascade,
  state_type text not null check (state_type ~ '^[A-Z][A-Z0-9_]{0,31}$'),
  user_id uuid not null references users (id) on delete cascade,
  game_type text not null check (game_type in ('TETRIS', 'DEDUCTION')),
  state_data text not null check (length(state_data) <= 262144),
  saved_at timestamptz not null default now(),
  primary key (session_id, state_type)
);
create index game_states_latest_idx on game_states (user_id, game_type, state_type, saved_at desc);
