-- A player's own controls for a game (docs/games.md "Tetris controls"): for TETRIS the key repeat
-- (DAS, ARR), the soft-drop speed and the key of each action, as the contract's `tetrisSettings`
-- JSON, checked by the server before it is stored. One row per player and game; a player without
-- one plays with the defaults. Owned by the games module; only its player reads or writes it.
create table game_player_settings (
  user_id uuid not null references users (id) on delete cascade,
  game_type text not null check (game_type in ('TETRIS')),
  settings jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, game_type)
);
