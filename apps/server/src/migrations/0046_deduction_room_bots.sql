-- A seat of an online deduction room may hold a custom bot its host seated (issue 37): a person,
-- a built-in AI or a bot, exactly one. bot_id names the deduction-bots module's bot (no foreign
-- key across modules: the room asks that module for the bot's code at each of its moves, so a
-- bot deleted or unshared mid-game loses its turns).
alter table deduction_room_seats add column bot_id uuid;
alter table deduction_room_seats drop constraint deduction_room_seats_check;
alter table deduction_room_seats
  add constraint deduction_room_seats_one_occupant check (num_nonnulls(user_id, ai_level, bot_id) = 1);
