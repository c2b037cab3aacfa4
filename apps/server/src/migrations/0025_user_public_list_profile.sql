-- Session 14 (docs/performance.md "session 14: projects list"): the public projects list showed
-- each card's owner from a second query per page (the users module's `publicProfiles`: the whole
-- users row of every owner, mapped by Drizzle), because `user_public` lacked what a card shows of
-- a person: the username, the thumbnail's version and whether the account is active (a
-- deactivated or deleted owner is shown as "탈퇴한 사용자" without username or picture). The list
-- statement now joins the view for them. New columns go at the end (`create or replace view`
-- keeps the existing ones, their names and types); still one row per account, public fields only
-- (the status is published as a flag, not as the account's state).
create or replace view user_public as
  select id, name, profile_image, username, profile_image_version, status = 'ACTIVE' as active from users;
