-- An admin's reset of a member's lost second factor (the member is asked to enrol again), and
-- the e-mail change that takes effect only when the new address confirms it.
-- docs/accounts-factors.md "Admin recovery of a lost factor", docs/accounts.md "E-mail change".

-- One row while a member whose factor an admin reset has not enrolled again (removed on enrolment).
create table second_factor_resets (
  user_id uuid primary key references users(id) on delete cascade,
  reset_by uuid references users(id) on delete set null,
  reset_at timestamptz not null default now()
);

-- A pending e-mail change: the token (sha256 kept) mailed to the new address, single use, short-lived;
-- only the newest of an account works (older ones are marked superseded by `used_at`).
create table email_changes (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  new_email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_changes_user_idx on email_changes (user_id);
