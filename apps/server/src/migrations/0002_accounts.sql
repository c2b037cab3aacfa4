-- Accounts: users. (Owned by the accounts module; other modules reference users(id).)
-- Emails and usernames are unique case-insensitively (stored as given, compared lowercased).
create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) between 3 and 254),
  username text check (username is null or username ~ '^[A-Za-z0-9_.-]{2,30}$'),
  name text not null check (length(name) between 1 and 50),
  password_hash text,
  roles text[] not null default array['ROLE_USER']::text[],
  system_role text not null default 'ROLE_USER' check (system_role in ('ROLE_USER', 'ROLE_ADMIN')),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'DEACTIVATED', 'DELETED')),
  bio text,
  links jsonb not null default '[]'::jsonb,
  profile_image text,
  profile_image_status text not null default 'NONE' check (profile_image_status in ('NONE', 'PENDING', 'READY', 'FAILED')),
  email_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index users_email_lower_idx on users (lower(email));
create unique index users_username_lower_idx on users (lower(username)) where username is not null;

-- The version of the latest uploaded picture (its processing job checks it is still current).
alter table users add column profile_image_version integer not null default 0;
alter table users add column last_login_at timestamptz;

-- Profile pictures, processed to webp by a job and served from here, so any instance can serve
-- them and nothing depends on a shared disk. 'source' is the upload until it is processed.
create table user_images (
  user_id uuid not null references users(id) on delete cascade,
  variant text not null check (variant in ('source', '512', '128')),
  version integer not null check (version > 0),
  content_type text not null,
  bytes bytea not null,
  byte_size integer not null,
  etag text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, variant)
);

-- The team shown on /whoweare, chosen by admins.
create table team_members (
  user_id uuid primary key references users(id) on delete cascade,
  role_title text not null check (length(role_title) between 1 and 50),
  quote text check (quote is null or length(quote) <= 300),
  sort_order integer not null default 100,
  member_since date not null default current_date,
  visible boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One login = one session = one refresh-token family. The access token carries the session id.
create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  method text not null,
  created_at timestamptz not null default now(),
  -- absolute end: REFRESH_TOKEN_TTL_DAYS after the login, however often it is refreshed
  expires_at timestamptz not null,
  last_used_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
create index auth_sessions_user_idx on auth_sessions (user_id) where revoked_at is null;

-- Opaque refresh tokens, stored as sha256; each is used once (used_at), then replaced.
create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references auth_sessions(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

create table password_reset_tokens (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- Social identities linked to accounts.
create table oauth_accounts (
  id uuid primary key default gen_random_uuid(),
  provider text not null,
  subject text not null,
  user_id uuid not null references users(id) on delete cascade,
  email text,
  created_at timestamptz not null default now(),
  last_login_at timestamptz,
  unique (provider, subject)
);
create index oauth_accounts_user_idx on oauth_accounts (user_id);

-- A social-login attempt in flight: state (hashed, one-time), PKCE verifier, nonce, where to go
-- back to, and a hash of the browser-binding cookie set at /start.
create table oauth_states (
  state_hash text primary key,
  provider text not null,
  code_verifier text not null,
  nonce text not null,
  return_to text not null default '/',
  browser_binding_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index oauth_states_expires_idx on oauth_states (expires_at);

-- The built-in local OpenID provider (development): authorization codes and its signing key.
create table local_oauth_codes (
  code_hash text primary key,
  client_id text not null,
  redirect_uri text not null,
  code_challenge text not null,
  nonce text,
  scope text not null,
  subject text not null,
  email text not null,
  email_verified boolean not null,
  name text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create table local_oauth_keys (
  kid text primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- Mail written by the default (outbox) mail provider; admins read it in the back office.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  transport text not null default 'outbox',
  created_at timestamptz not null default now()
);
create index mail_outbox_created_idx on mail_outbox (created_at desc);
