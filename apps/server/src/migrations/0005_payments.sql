-- Payments (issue 6): the ledger (one row per payment attempt), its append-only event log, and
-- the state of the built-in test gateway (which speaks Toss Payments' protocol).
-- Amounts are integer KRW. Applications and studies belong to the studies module: they are
-- referenced by id only (no foreign key), and reached through its service.

create table payments (
  id uuid primary key default gen_random_uuid(),
  order_id text not null unique check (order_id ~ '^[A-Za-z0-9_-]{6,64}$'),
  kind text not null check (kind in ('STUDY', 'TEST_ITEM')),
  application_id uuid,
  study_id uuid,
  user_id uuid not null references users (id),
  order_name text not null check (length(order_name) between 1 and 100),
  -- what was bought and by whom, as they were at the time (the ledger keeps its own facts)
  study_title text,
  customer_name text not null,
  amount integer not null check (amount > 0),
  method text not null check (method in ('CARD', 'BANK_TRANSFER')),
  provider text not null check (provider in ('test', 'toss', 'bank')),
  payment_key text unique,
  status text not null check (status in ('READY', 'IN_PROGRESS', 'WAITING_FOR_DEPOSIT', 'DONE', 'CANCELED',
    'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED')),
  deadline timestamptz,
  approved_at timestamptz,
  failure_code text,
  failure_message text,
  -- card details the provider reported (masked number, issuer), never the full number
  card jsonb,
  depositor_name text,
  deposit_notified_at timestamptz,
  return_note text,
  refunded_amount integer not null default 0,
  refund_status text not null default 'NONE' check (refund_status in ('NONE', 'REQUESTED', 'AWAITING_TRANSFER', 'DONE', 'DECLINED')),
  -- the amount owed back by transfer (bank transfers) once decided
  refund_due integer,
  refund_account jsonb,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (refunded_amount >= 0 and refunded_amount <= amount),
  check (refund_due is null or (refund_due > 0 and refund_due <= amount)),
  check (kind <> 'STUDY' or (application_id is not null and study_id is not null)),
  check (status not in ('DONE', 'PARTIAL_CANCELED', 'CANCELED') or approved_at is not null)
);
-- At most one live (awaiting deposit) or settled payment per application: a second approval of
-- the same application cannot be recorded, whatever races above it.
create unique index payments_one_settled_per_application on payments (application_id)
  where status in ('WAITING_FOR_DEPOSIT', 'DONE', 'PARTIAL_CANCELED');
create index payments_application_idx on payments (application_id, created_at desc);
create index payments_user_idx on payments (user_id, created_at desc);
create index payments_study_idx on payments (study_id, created_at desc);
create index payments_created_idx on payments (created_at desc);
create index payments_open_deadline_idx on payments (deadline) where status in ('READY', 'IN_PROGRESS', 'WAITING_FOR_DEPOSIT');

-- Append-only: every change of a payment, who made it, and what the provider said.
create table payment_events (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null references payments (id),
  type text not null check (length(type) between 1 and 40),
  from_status text,
  to_status text,
  amount integer,
  data jsonb not null default '{}'::jsonb,
  -- 'user:<id>', 'admin:<id>', 'system' or 'provider'
  actor text not null,
  at timestamptz not null default now()
);
create index payment_events_payment_idx on payment_events (payment_id, at);

create function payment_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'payment_events is append-only (% refused)', tg_op using errcode = '42501';
end;
$$;
create trigger payment_events_no_update before update or delete on payment_events
  for each row execute function payment_events_append_only();
create trigger payment_events_no_truncate before truncate on payment_events
  for each statement execute function payment_events_append_only();

-- The built-in test gateway: payments it has authenticated (checkout page) and approved.
create table test_gateway_payments (
  payment_key text primary key,
  order_id text not null,
  order_name text not null,
  amount integer not null check (amount > 0),
  balance_amount integer not null check (balance_amount >= 0),
  status text not null check (status in ('IN_PROGRESS', 'DONE', 'CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED')),
  card_number text not null,
  outcome text not null check (outcome in ('APPROVE', 'DECLINE', 'NETWORK_ERROR')),
  customer_name text,
  cancels jsonb not null default '[]'::jsonb,
  failure jsonb,
  last_transaction_key text,
  requested_at timestamptz not null default now(),
  approved_at timestamptz,
  updated_at timestamptz not null default now()
);
create index test_gateway_payments_order_idx on test_gateway_payments (order_id, requested_at desc);
create unique index test_gateway_payments_one_approved_order on test_gateway_payments (order_id)
  where status in ('DONE', 'CANCELED', 'PARTIAL_CANCELED');

-- Idempotency-Key records: same key (per secret key, method and path) → same response, 15 days.
create table test_gateway_idempotency (
  scope text not null,
  key text not null check (length(key) between 1 and 300),
  request_hash text not null,
  status_code integer,
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
