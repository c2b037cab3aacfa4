-- A deleted account gets no more notices (nor their mail to its erased address): notifications
-- reads the flag from the public view (docs/privacy.md "Erasure"). New column at the end, as
-- `create or replace view` requires.
create or replace view user_public as
  select id, name, profile_image, username, profile_image_version, status = 'ACTIVE' as active, status = 'DELETED' as deleted from users;
