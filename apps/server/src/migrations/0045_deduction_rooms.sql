-- Online deduction rooms (issue 37, docs/deduction.md "Online rooms"): a host's room, its seats
-- (people on their own devices, or built-in AIs), the refereed guess log (the seed never leaves
-- the server before the end), and Glicko-2 ratings for games between people
-- (docs/decisions/2026-11-29-deduction-rating-rule.md). Owned by the games module.

create table deduction_rooms (
  id uuid primary key default gen_random_uuid(),
  host_id uuid not null references users (id) on delete cascade,
  -- the link's secret: whoever opens /lab/deduction-game/rooms/<id>?invite=<code> may take a seat
  invite_code text not null,
  status text not null default 'OPEN' check (status in ('OPEN', 'PLAYING', 'FINISHED', 'CLOSED')),
  settings jsonb not null,
  seed text not null,
  events jsonb not null default '[]'::jsonb,
  event_count integer not null default 0 check (event_count >= 0 and event_count <= 1200),
  turns integer not null default 0 check (turns >= 0),
  turn_started_at timestamptz,
  rated boolean,
  unrated_reason text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
create index deduction_rooms_host on deduction_rooms (host_id, created_at desc);

-- seat 0..5; a person (user_id) or a built-in AI (ai_level). channel: the seat's private live
-- topic id (deduction-seat:<channel>), so a seat's events reach only its player.
create table deduction_room_seats (
  room_id uuid not null references deduction_rooms (id) on delete cascade,
  seat integer not null check (seat between 0 and 5),
  user_id uuid references users (id) on delete cascade,
  ai_level text check (ai_level in ('EASY', 'MEDIUM', 'HARD')),
  ready boolean not null default false,
  channel uuid not null default gen_random_uuid(),
  -- a hash of the network the seat was taken from (rating rule: one network, one rated seat)
  network text,
  last_seen_at timestamptz not null default now(),
  left_at timestamptz,
  session_id uuid references game_sessions (id) on delete set null,
  primary key (room_id, seat),
  check ((user_id is null) <> (ai_level is null))
);
create unique index deduction_room_seats_person on deduction_room_seats (room_id, user_id) where user_id is not null;
create index deduction_room_seats_user on deduction_room_seats (user_id) where user_id is not null;

create table deduction_room_invites (
  room_id uuid not null references deduction_rooms (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (room_id, user_id)
);
create index deduction_room_invites_user on deduction_room_invites (user_id);

-- A player's Glicko-2 rating for a game (public scale: 1500 ± 350 at the start).
create table game_ratings (
  user_id uuid not null references users (id) on delete cascade,
  game_type text not null check (game_type in ('DEDUCTION')),
  rating double precision not null,
  deviation double precision not null,
  volatility double precision not null,
  games integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (user_id, game_type)
);
create index game_ratings_board on game_ratings (game_type, rating desc);

-- What a rated game changed, per player (the room's result screen and the profile's history).
create table game_rating_changes (
  room_id uuid not null references deduction_rooms (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  rating_before double precision not null,
  rating_after double precision not null,
  deviation_before double precision not null,
  deviation_after double precision not null,
  created_at timestamptz not null default now(),
  primary key (room_id, user_id)
);
