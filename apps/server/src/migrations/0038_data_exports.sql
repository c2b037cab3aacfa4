-- Members' data exports (docs/privacy.md "Export"): one row per request; the prepared zip is kept
-- in the row (bytea) until it expires 7 days after it was ready, when the expiry job empties it.
-- One export per member may be pending at a time: asking again returns it.
create table data_exports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  status text not null default 'PENDING' check (status in ('PENDING', 'READY', 'EXPIRED', 'FAILED')),
  requested_at timestamptz not null default now(),
  ready_at timestamptz,
  expires_at timestamptz,
  archive bytea,
  size_bytes integer,
  downloaded_at timestamptz,
  constraint data_exports_ready_chk check (status <> 'READY' or (archive is not null and expires_at is not null and ready_at is not null)),
  constraint data_exports_emptied_chk check (status = 'READY' or archive is null)
);
create unique index data_exports_one_pending_idx on data_exports (user_id) where status = 'PENDING';
create index data_exports_user_idx on data_exports (user_id, requested_at desc);
create index data_exports_expiry_idx on data_exports (expires_at) where status = 'READY';
