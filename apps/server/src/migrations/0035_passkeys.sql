-- Passkeys (WebAuthn discoverable credentials, docs/accounts.md "Passkeys"): a member's
-- credentials, each with its public key (COSE, base64url), signature counter and the RP ID it was
-- made for, and the challenges handed out for a ceremony: single-use (deleted by the first
-- verification that presents them) and short-lived.
create table passkeys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  credential_id text not null unique,
  public_key text not null,
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}',
  device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
  backed_up boolean not null default false,
  aaguid text not null,
  rp_id text not null,
  name text not null check (char_length(name) between 1 and 60),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_user_idx on passkeys (user_id, created_at);

create table passkey_challenges (
  challenge_hash text primary key,
  purpose text not null check (purpose in ('register', 'authenticate')),
  user_id uuid references users(id) on delete cascade,
  rp_id text not null,
  origin text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check ((purpose = 'register') = (user_id is not null))
);
create index passkey_challenges_expires_idx on passkey_challenges (expires_at);
