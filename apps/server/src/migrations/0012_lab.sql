-- Lab tools (issue 18): saved Team Shuffle rosters and the Spotlight Arena draw history of
-- signed-in users. Owned by the lab module (apps/server/src/modules/lab); only the owner reads
-- or changes a row. Limits per user (50 rosters, 500 kept draws) are enforced by the service
-- under a per-user advisory lock.

create table lab_rosters (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 80),
  -- [{ name, tags: { key: value } }]
  people jsonb not null check (jsonb_typeof(people) = 'array' and jsonb_array_length(people) between 1 and 200),
  -- split, constraints, balance tag, spread, theme (null: never shuffled)
  settings jsonb check (settings is null or jsonb_typeof(settings) = 'object'),
  -- the last results (teams of names), most recent first, for "spread past teammates"
  recent jsonb not null default '[]'::jsonb check (jsonb_typeof(recent) = 'array' and jsonb_array_length(recent) <= 10),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index lab_rosters_user_idx on lab_rosters (user_id, updated_at desc);

create table lab_draws (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- made by the browser: the same draw sent twice or imported again is kept once
  client_id uuid not null,
  game text not null check (game in ('SNAIL_RACE', 'DART_WHEEL', 'SLOT_CASCADE')),
  mode text check (mode is null or mode in ('highest', 'survival', 'team', 'target')),
  seed text not null check (length(seed) between 1 and 64),
  -- the pool drawn from: [{ name, weight }]
  entries jsonb not null check (jsonb_typeof(entries) = 'array' and jsonb_array_length(entries) between 1 and 100),
  count integer not null check (count between 1 and 10),
  allow_repeat boolean not null,
  excluded jsonb not null default '[]'::jsonb check (jsonb_typeof(excluded) = 'array'),
  -- names in pick order; the service checks that the seed replays to them
  winners jsonb not null check (jsonb_typeof(winners) = 'array' and jsonb_array_length(winners) between 1 and 10),
  played_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  check ((game = 'DART_WHEEL') = (mode is not null)),
  unique (user_id, client_id)
);
create index lab_draws_user_idx on lab_draws (user_id, played_at desc);
