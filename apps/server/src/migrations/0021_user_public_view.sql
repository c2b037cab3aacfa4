-- Issue 11 (module seams): other modules show people by name and picture (study leaders,
-- applicants, members, review authors, attendees). They joined the users table itself, which
-- belongs to the users module. This view is the one read model the users module publishes for
-- that: the public profile fields only, one row per account (deleted accounts included, as the
-- joins saw them). A plain view is inlined by the planner, so a join on it costs what the join on
-- users cost. Other modules join `user_public`, never `users` (scripts/check-seams.mjs).
create or replace view user_public as
  select id, name, profile_image from users;
