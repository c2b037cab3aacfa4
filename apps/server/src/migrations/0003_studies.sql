-- Studies (issue 5): studies and their status history, memberships, applications, warnings and
-- composed pages (module studies); calendar events, RSVPs, attendance and iCal feed tokens
-- (module calendar); reviews (module reviews); the in-app inbox (module notifications).
-- Rules that can race are guarded here: seats never pass capacity, one open application per
-- user and study, one membership per user and study, one review per member, RSVP limits.

create table studies (
  id uuid primary key default gen_random_uuid(),
  slug text not null check (length(slug) between 1 and 120),
  title text not null check (char_length(title) between 2 and 255),
  generation integer not null check (generation between 1 and 1000),
  tagline text not null default '' check (char_length(tagline) <= 200),
  proposer_id uuid not null references users(id),
  -- the leader is the proposer (an OWNER membership); kept here for the listing's join
  leader_id uuid not null references users(id),
  type text not null check (type in ('PARTICIPATORY', 'EDUCATIONAL', 'ONE_TIME')),
  welcome_message text not null check (char_length(welcome_message) between 5 and 100),
  schedule text not null check (char_length(schedule) between 1 and 100),
  duration text not null check (char_length(duration) between 1 and 100),
  schedule_weekdays text[] not null default '{}'::text[]
    check (schedule_weekdays <@ array['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']::text[]),
  session_start_time text not null check (session_start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  session_end_time text not null check (session_end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  timezone text not null default 'Asia/Seoul',
  location_type text not null check (location_type in ('ONLINE', 'OFFLINE')),
  location_address text check (location_address is null or char_length(location_address) <= 200),
  capacity integer not null check (capacity between 1 and 100),
  -- confirmed active members (the leader takes no seat)
  enrolled integer not null default 0,
  -- enrolled + accepted applications holding a seat until paid (ACCEPTED, PAYMENT_PENDING)
  seats_taken integer not null default 0,
  recruit_deadline timestamptz not null,
  is_recruiting boolean,
  status text not null default 'PENDING'
    check (status in ('PENDING', 'APPROVED', 'IN_PROGRESS', 'COMPLETED', 'REJECTED', 'TERMINATED')),
  status_before_termination text
    check (status_before_termination is null or status_before_termination in ('PENDING', 'APPROVED', 'IN_PROGRESS', 'REJECTED')),
  reject_reason text,
  recurrence_type text not null check (recurrence_type in ('ONE_TIME', 'DAILY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY')),
  start_date date not null,
  end_date date not null,
  cost_type text not null check (cost_type in ('FREE', 'VENUE_FEE_ONLY', 'PAID')),
  cost integer not null default 0,
  cost_description text not null default '' check (char_length(cost_description) <= 500),
  payment_deadline_hours integer not null default 72 check (payment_deadline_hours between 1 and 720),
  questions jsonb not null default '[]'::jsonb,
  deleted boolean not null default false,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint studies_dates_chk check (end_date >= start_date),
  constraint studies_cost_chk check ((cost_type = 'FREE' and cost = 0) or (cost_type <> 'FREE' and cost > 0)),
  constraint studies_seats_chk check (enrolled >= 0 and enrolled <= seats_taken and seats_taken <= capacity)
);
create unique index studies_slug_idx on studies (slug);
-- the public list: APPROVED and not deleted, newest first (and the other sort keys)
create index studies_public_created_idx on studies (created_at desc, id desc) where status = 'APPROVED' and not deleted;
create index studies_public_start_idx on studies (start_date, id) where status = 'APPROVED' and not deleted;
create index studies_status_idx on studies (status, created_at desc);
create index studies_leader_idx on studies (leader_id);
create index studies_proposer_idx on studies (proposer_id);

create table study_transitions (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  action text not null check (action in ('PROPOSE', 'APPROVE', 'REJECT', 'START', 'COMPLETE', 'TERMINATE', 'REACTIVATE', 'DELETE')),
  from_status text,
  to_status text not null,
  reason text check (reason is null or char_length(reason) <= 1000),
  actor_id uuid references users(id),
  created_at timestamptz not null default now()
);
create index study_transitions_study_idx on study_transitions (study_id, created_at);

create table study_memberships (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  user_id uuid not null references users(id),
  role text not null default 'OWNER' check (role in ('OWNER', 'MANAGER', 'MEMBER')),
  joined_at timestamptz not null default now(),
  is_active boolean not null default true,
  inactive_reason text check (inactive_reason is null or inactive_reason in ('LEFT', 'REMOVED', 'WARNINGS', 'REFUNDED')),
  left_at timestamptz,
  warning_count integer not null default 0 check (warning_count >= 0),
  application_id uuid,
  constraint study_memberships_inactive_chk check (is_active = (inactive_reason is null))
);
create unique index study_memberships_study_user_idx on study_memberships (study_id, user_id);
create unique index study_memberships_owner_idx on study_memberships (study_id) where role = 'OWNER';
create index study_memberships_user_idx on study_memberships (user_id);

create table study_applications (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  user_id uuid not null references users(id),
  status text not null default 'PENDING'
    check (status in ('PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED', 'PAYMENT_PENDING', 'CONFIRMED', 'EXPIRED', 'REFUNDED')),
  motivation text not null check (char_length(motivation) between 1 and 2000),
  answers jsonb not null default '[]'::jsonb,
  amount_due integer not null default 0 check (amount_due >= 0),
  applied_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references users(id),
  review_note text check (review_note is null or char_length(review_note) <= 1000),
  payment_deadline timestamptz,
  checkout_id text,
  paid_amount integer check (paid_amount is null or paid_amount >= 0),
  confirmed_at timestamptz,
  closed_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint study_applications_deadline_chk check (status not in ('ACCEPTED', 'PAYMENT_PENDING') or payment_deadline is not null)
);
-- one open application per user and study
create unique index study_applications_open_idx on study_applications (study_id, user_id)
  where status in ('PENDING', 'ACCEPTED', 'PAYMENT_PENDING');
create index study_applications_study_idx on study_applications (study_id, status, applied_at desc);
create index study_applications_user_idx on study_applications (user_id, applied_at desc);
create index study_applications_due_idx on study_applications (payment_deadline) where status = 'ACCEPTED';

create table study_warnings (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  user_id uuid not null references users(id),
  reason text not null check (char_length(reason) between 1 and 500),
  given_by uuid not null references users(id),
  created_at timestamptz not null default now()
);
create index study_warnings_member_idx on study_warnings (study_id, user_id);

create table study_pages (
  study_id uuid primary key references studies(id),
  draft jsonb,
  draft_updated_at timestamptz,
  draft_updated_by uuid references users(id),
  published jsonb,
  published_at timestamptz,
  published_by uuid references users(id),
  version integer not null default 0
);

-- Calendar -------------------------------------------------------------------------------------

create table study_events (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  title text not null check (char_length(title) between 1 and 120),
  description text check (description is null or char_length(description) <= 1000),
  date date not null,
  start_time text not null check (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text not null check (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  event_type text not null check (event_type in ('regular', 'special', 'recruitment')),
  location text not null check (location in ('online', 'offline')),
  address text check (address is null or char_length(address) <= 200),
  link text check (link is null or char_length(link) <= 500),
  participant_limit integer check (participant_limit is null or participant_limit > 0),
  current_participants integer not null default 0,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint study_events_participants_chk
    check (current_participants >= 0 and (participant_limit is null or current_participants <= participant_limit))
);
create unique index study_events_regular_idx on study_events (study_id, date) where event_type = 'regular';
create unique index study_events_recruitment_idx on study_events (study_id) where event_type = 'recruitment';
create index study_events_date_idx on study_events (date);
create index study_events_study_idx on study_events (study_id, date);

create table event_rsvps (
  event_id uuid not null references study_events(id) on delete cascade,
  user_id uuid not null references users(id),
  created_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index event_rsvps_user_idx on event_rsvps (user_id);

create table event_attendance (
  event_id uuid not null references study_events(id) on delete cascade,
  user_id uuid not null references users(id),
  status text not null check (status in ('PRESENT', 'ABSENT', 'LATE', 'EXCUSED')),
  recorded_by uuid not null references users(id),
  recorded_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
create index event_attendance_user_idx on event_attendance (user_id);

create table calendar_feed_tokens (
  user_id uuid primary key references users(id),
  token text not null,
  created_at timestamptz not null default now(),
  rotated_at timestamptz
);
create unique index calendar_feed_tokens_token_idx on calendar_feed_tokens (token);

-- Reviews --------------------------------------------------------------------------------------

create table study_reviews (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  user_id uuid not null references users(id),
  rating integer not null check (rating between 1 and 5),
  text text not null default '' check (char_length(text) <= 1000),
  tags text[] not null default '{}'::text[] check (cardinality(tags) <= 5),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index study_reviews_member_idx on study_reviews (study_id, user_id);
create index study_reviews_study_idx on study_reviews (study_id, created_at desc);

-- Notifications --------------------------------------------------------------------------------

create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  type text not null check (length(type) between 1 and 40),
  title text not null check (char_length(title) between 1 and 200),
  body text not null default '' check (char_length(body) <= 2000),
  link text check (link is null or char_length(link) <= 500),
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user_idx on notifications (user_id, created_at desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;
