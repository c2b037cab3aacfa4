-- Session 18: the back office lists the outbox newest first, ordered by `created_at` and then by
-- the random `id`. On the embedded database (PGlite) the clock has millisecond resolution, so two
-- mails sent in the same millisecond had the same `created_at` and came out in a random order
-- (CI saw it in admin.test "pages what the outbox provider stored, newest first"). `seq` records
-- the order in which mails were stored; existing rows are numbered in their stored order.
alter table mail_outbox add column seq bigserial not null;
drop index if exists mail_outbox_created_idx;
create index mail_outbox_seq_idx on mail_outbox (seq desc);
