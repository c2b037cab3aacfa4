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
