-- Studio, the writing assistant (issue 16, docs/studio.md). Owned by the studio module
-- (apps/server/src/modules/studio).

-- A document: what a writer (or a guest, by e-mail) submitted, with its versions below.
create table studio_documents (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid references users (id) on delete cascade,
  -- a guest trial's address (lower-case); null for members' documents
  guest_email text check (guest_email is null or length(guest_email) <= 254),
  title text not null default '' check (length(title) <= 200),
  source text not null check (source in ('TEXT', 'URL')),
  url text check (url is null or length(url) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((owner_id is null) <> (guest_email is null))
);
create index studio_documents_owner_idx on studio_documents (owner_id, updated_at desc) where owner_id is not null;

-- One analysis of one version of a document; runs as a job (studio.analyze) on the queue.
create table studio_analyses (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references studio_documents (id) on delete cascade,
  version integer not null check (version >= 1),
  owner_id uuid references users (id) on delete cascade,
  status text not null default 'SUBMITTED' check (status in ('SUBMITTED', 'FETCHING', 'ANALYZING', 'COMPLETED', 'FAILED')),
  failure_reason text check (
    failure_reason is null
    or failure_reason in ('URL_REFUSED', 'FETCH_FAILED', 'FETCH_TIMEOUT', 'FETCH_TOO_LARGE', 'NOT_AN_ARTICLE', 'TOO_SHORT', 'ANALYZER_ERROR')
  ),
  source text not null check (source in ('TEXT', 'URL')),
  url text check (url is null or length(url) <= 2048),
  -- normalised URL for the 24 h reuse rule
  url_key text check (url_key is null or length(url_key) <= 2048),
  title text not null default '' check (length(title) <= 200),
  -- the analysed markdown; null until a URL has been fetched
  body text check (body is null or length(body) <= 60000),
  purpose text not null check (purpose in ('INFORMATION', 'MARKETING', 'ESSAY', 'PRODUCT_REVIEW', 'TUTORIAL', 'RESUME', 'README', 'OTHER')),
  audience text not null default '' check (length(audience) <= 80),
  tone text not null check (tone in ('SNS', 'RESUME_EXPERT', 'FRIENDLY_FRIEND', 'PRO_EDITOR', 'WARM_MENTOR', 'BLUNT_CRITIC')),
  locale text not null check (locale in ('ko', 'en')),
  result jsonb,
  -- the Asia/Seoul day whose quota this analysis used (null: guest trial, or given back on failure)
  quota_day date,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  unique (document_id, version),
  check ((status = 'COMPLETED') = (result is not null)),
  check ((status = 'FAILED') = (failure_reason is not null))
);
create index studio_analyses_url_idx on studio_analyses (owner_id, url_key, created_at desc) where url_key is not null;

-- How many analyses a member started on a Seoul day (the daily quota, settled by a conditional upsert).
create table studio_quota_usage (
  user_id uuid not null references users (id) on delete cascade,
  day date not null,
  used integer not null default 0 check (used >= 0),
  primary key (user_id, day)
);

-- One trial per e-mail address for guests; the token (stored hashed) reads the trial's result.
create table studio_trials (
  email text primary key check (length(email) <= 254),
  document_id uuid references studio_documents (id) on delete set null,
  analysis_id uuid references studio_analyses (id) on delete set null,
  token_hash text not null,
  consent_at timestamptz not null,
  created_at timestamptz not null default now()
);
