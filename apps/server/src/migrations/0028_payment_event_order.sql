-- Session 18: a payment's ledger (the admin's payment detail and GET /api/admin/payments/{id}/events,
-- oldest first) was ordered by `at` and then by the random `id`. Events written in one transaction
-- share `at` (now() is the transaction's start, on PostgreSQL as on PGlite): returning a deposit of a
-- terminated study writes DEPOSIT_RETURNED then EXPIRED, which could be listed the other way round.
-- On PGlite (millisecond clock) events of back-to-back requests tie as well (payments.test lists
-- CREATED, DEPOSIT_NOTIFIED, DEPOSIT_CONFIRMED). `seq` records the order in which events were
-- appended; existing rows (an append-only table) are numbered in their stored order.
alter table payment_events add column seq bigserial not null;
drop index if exists payment_events_payment_idx;
create index payment_events_payment_idx on payment_events (payment_id, seq);
