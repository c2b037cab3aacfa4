-- Reminders before each session and web push (docs/reminders.md).
-- A session's iCalendar SEQUENCE: raised when it moves, so a calendar that holds the invitation
-- (same UID) takes the update mail as a newer version of the same event.
alter table study_events add column ics_sequence integer not null default 0 check (ics_sequence >= 0);

-- Mail attachments (an .ics invitation): [{filename, contentType, content}] kept with the outbox row.
alter table mail_outbox add column attachments jsonb;

-- One row per browser that allowed notifications (a push subscription, RFC 8030): the push
-- service's endpoint and the keys the payload is encrypted to (RFC 8291). An endpoint belongs to
-- one user at a time: signing in as someone else on the same browser moves it.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id),
  endpoint text not null check (char_length(endpoint) between 8 and 2048),
  p256dh text not null check (char_length(p256dh) between 80 and 100),
  auth text not null check (char_length(auth) between 16 and 32),
  user_agent text check (user_agent is null or char_length(user_agent) <= 300),
  created_at timestamptz not null default now(),
  last_success_at timestamptz
);
create unique index push_subscriptions_endpoint_idx on push_subscriptions (endpoint);
create index push_subscriptions_user_idx on push_subscriptions (user_id);

-- A member's reminder times for one study, in minutes before a session (no row: the defaults,
-- 1440 and 60; an empty list: reminders off for that study).
create table reminder_preferences (
  user_id uuid not null references users(id),
  study_id uuid not null references studies(id),
  offsets integer[] not null check (cardinality(offsets) <= 4),
  updated_at timestamptz not null default now(),
  primary key (user_id, study_id)
);

-- One row per reminder sent: the claim that makes each (session, member, offset, start time)
-- reminder go out once across instances and redeliveries. Kept after the session is gone: its
-- rows say who holds the invitation and gets the update or cancellation mail.
create table reminder_deliveries (
  event_id uuid not null,
  user_id uuid not null references users(id),
  offset_minutes integer not null,
  starts_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (event_id, user_id, offset_minutes, starts_at)
);
create index reminder_deliveries_event_idx on reminder_deliveries (event_id);
