-- A second factor (TOTP, RFC 6238) with one-time recovery codes, the login's second-factor
-- challenge, and the proofs of identity that let sensitive acts through (step-up).
-- docs/accounts.md "Second factor".

-- One TOTP factor per account. The secret is AES-256-GCM encrypted (key derived from JWT_SECRET,
-- the account id as associated data). `confirmed_at` null: enrolment started, not yet proven.
-- `last_time_step`: the newest RFC 6238 time step accepted; a code of that step or an older one
-- is refused (no replay), advanced by a compare-and-swap.
create table second_factors (
  user_id uuid primary key references users(id) on delete cascade,
  secret_enc text not null,
  confirmed_at timestamptz,
  last_time_step bigint,
  created_at timestamptz not null default now()
);

-- Recovery codes, each usable once; only an HMAC-SHA-256 of the code is kept.
create table recovery_codes (
  code_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index recovery_codes_user_idx on recovery_codes (user_id);

-- A password login of an account with a second factor: the token (sha256 kept) that the second
-- step presents, short-lived, single-use, with a small budget of wrong codes.
create table second_factor_challenges (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  ip text,
  user_agent text,
  failures integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index second_factor_challenges_user_idx on second_factor_challenges (user_id);

-- The last proof of identity within a session (password or second factor), besides the login
-- itself (auth_sessions.created_at): step-up for sensitive acts looks at the newer of the two.
create table session_proofs (
  session_id uuid primary key references auth_sessions(id) on delete cascade,
  verified_at timestamptz not null
);
