-- Deposit studies (docs/deposits.md): the study's refundable deposit and the leader's rule, the
-- deposit part of a payment, and every deposit refund (one row per session, the end and a bonus;
-- the idempotency key makes each one once, with the provider too).
alter table studies add column deposit_amount integer not null default 0;
alter table studies add constraint studies_deposit_amount_chk check (deposit_amount >= 0 and deposit_amount <= 1000000);
alter table studies add column deposit_rule jsonb;

alter table payments add column deposit_amount integer not null default 0;
alter table payments add constraint payments_deposit_amount_chk check (deposit_amount >= 0 and deposit_amount <= amount);

create table deposit_refunds (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references payments (id),
  study_id uuid not null,
  user_id uuid not null,
  kind text not null check (kind in ('SESSION', 'FINAL', 'BONUS')),
  event_id uuid,
  session_date date,
  attendance text,
  amount integer not null check (amount >= 0),
  channel text not null check (channel in ('CARD', 'TRANSFER')),
  status text not null check (status in ('PENDING', 'DONE', 'FAILED', 'AWAITING_TRANSFER')),
  idempotency_key text not null unique,
  transaction_key text,
  failure text,
  done_by text,
  created_at timestamptz not null default now(),
  done_at timestamptz,
  check (kind <> 'SESSION' or event_id is not null)
);
create index deposit_refunds_payment_idx on deposit_refunds (payment_id, created_at);
create index deposit_refunds_study_idx on deposit_refunds (study_id, user_id);
create index deposit_refunds_payout_idx on deposit_refunds (created_at) where status = 'AWAITING_TRANSFER';
