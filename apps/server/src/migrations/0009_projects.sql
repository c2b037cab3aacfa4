-- Projects (module projects, docs/projects.md): side-project pages with positions, members,
-- applications per position, a daily view log and the status history.
-- Rules that can race are guarded here: a position's filled seats never pass its count, one
-- open (PENDING) application per user and project, one membership per user and project, one
-- counted view per viewer, project and Seoul day.

create table projects (
  id uuid primary key default gen_random_uuid(),
  slug text not null check (length(slug) between 1 and 120),
  name text not null check (char_length(name) between 2 and 80),
  tagline text not null default '' check (char_length(tagline) <= 120),
  -- sanitized HTML (links gain rel attributes, so the stored form may be a little longer)
  description text not null default '' check (char_length(description) <= 40000),
  vision text not null default '' check (char_length(vision) <= 2000),
  type text not null check (type in ('SIDE_PROJECT', 'STARTUP', 'OPEN_SOURCE')),
  status text not null default 'DRAFT' check (status in ('DRAFT', 'RECRUITING', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED')),
  owner_id uuid not null references users(id),
  meeting_type text not null check (meeting_type in ('ONLINE', 'OFFLINE', 'HYBRID')),
  meeting_frequency text not null default '' check (char_length(meeting_frequency) <= 60),
  meeting_region text not null default '' check (char_length(meeting_region) <= 60),
  -- the last Seoul day applications are taken; the deadline job closes recruitment at the next 00:00
  recruitment_deadline date,
  start_date date,
  expected_duration text not null default '' check (char_length(expected_duration) <= 40),
  collaboration_tools text[] not null default '{}',
  compensation text not null default '' check (char_length(compensation) <= 200),
  repository_url text check (repository_url is null or char_length(repository_url) <= 300),
  demo_url text check (demo_url is null or char_length(demo_url) <= 300),
  contact_url text check (contact_url is null or char_length(contact_url) <= 300),
  -- [{category, name}] in the owner's order
  tech_stack jsonb not null default '[]'::jsonb,
  -- lower-cased tech names, for the stack filter (&&)
  stack_keys text[] not null default '{}',
  view_count integer not null default 0 check (view_count >= 0),
  -- Korean search columns, computed by the server (search/korean-search.ts)
  search_text text not null default '',
  search_jamo text not null default '',
  search_choseong text not null default '',
  published_at timestamptz,
  deleted boolean not null default false,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index projects_slug_idx on projects (slug);
-- the public list (newest first) and its other orders, without drafts and deleted rows
create index projects_public_created_idx on projects (created_at desc, id desc) where deleted = false and status <> 'DRAFT';
create index projects_public_views_idx on projects (view_count desc, id desc) where deleted = false and status <> 'DRAFT';
create index projects_recruiting_deadline_idx on projects (recruitment_deadline) where deleted = false and status = 'RECRUITING';
create index projects_owner_idx on projects (owner_id, created_at desc) where deleted = false;
-- GIN without the fast-update pending list: PGlite runs no autovacuum to flush it, and a long
-- pending list makes the planner walk past these indexes (projects are written rarely)
create index projects_stack_idx on projects using gin (stack_keys) with (fastupdate = off);
create index projects_search_jamo_trgm on projects using gin (search_jamo gin_trgm_ops) with (fastupdate = off);
create index projects_search_choseong_trgm on projects using gin (search_choseong gin_trgm_ops) with (fastupdate = off);

create table project_positions (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id),
  name text not null check (char_length(name) between 1 and 40),
  required_count integer not null check (required_count between 1 and 20),
  -- approvals take a seat with a conditional update (filled_count < required_count); this check
  -- is the last line of defence
  filled_count integer not null default 0 check (filled_count >= 0 and filled_count <= required_count),
  required_skills text[] not null default '{}',
  preferred_skills text[] not null default '{}',
  responsibilities text not null default '' check (char_length(responsibilities) <= 1000),
  sort_order integer not null default 0,
  -- a removed position leaves the page but stays for the applications that name it
  removed_at timestamptz,
  created_at timestamptz not null default now()
);
create index project_positions_project_idx on project_positions (project_id, sort_order);
-- the position filter: positions that still have a free seat
create index project_positions_open_idx on project_positions (project_id) where filled_count < required_count and removed_at is null;

create table project_members (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id),
  user_id uuid not null references users(id),
  role text not null check (role in ('OWNER', 'MEMBER')),
  position_id uuid references project_positions(id),
  application_id uuid,
  joined_at timestamptz not null default now()
);
create unique index project_members_once_idx on project_members (project_id, user_id);
create index project_members_user_idx on project_members (user_id);

create table project_applications (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id),
  position_id uuid not null references project_positions(id),
  user_id uuid not null references users(id),
  status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN')),
  introduction text not null check (char_length(introduction) between 1 and 500),
  motivation text not null check (char_length(motivation) between 1 and 1000),
  github_url text check (github_url is null or char_length(github_url) <= 300),
  portfolio_url text check (portfolio_url is null or char_length(portfolio_url) <= 300),
  decision_note text check (decision_note is null or char_length(decision_note) <= 500),
  decided_at timestamptz,
  decided_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- one open application per user and project
create unique index project_applications_open_idx on project_applications (project_id, user_id) where status = 'PENDING';
create index project_applications_project_idx on project_applications (project_id, created_at desc);
create index project_applications_user_idx on project_applications (user_id, created_at desc);
create index project_applications_position_idx on project_applications (position_id);

-- One row per viewer, project and Seoul day: a viewer counts once a day, across restarts.
-- viewer_key is "u:<user id>" or "g:<HMAC of IP and user agent>" (no address is stored).
create table project_views (
  project_id uuid not null references projects(id),
  day date not null,
  viewer_key text not null check (length(viewer_key) <= 80),
  primary key (project_id, day, viewer_key)
);
create index project_views_day_idx on project_views (day);

create table project_transitions (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id),
  action text not null check (length(action) between 1 and 40),
  from_status text,
  to_status text not null,
  actor_id uuid,
  created_at timestamptz not null default now()
);
create index project_transitions_project_idx on project_transitions (project_id, created_at);
