-- The security log (docs/security-log.md): who did what, on what, when (UTC), from where, and the
-- outcome. Append-only like payment_events: the database refuses UPDATE, TRUNCATE and DELETE.
-- The one way out is the retention purge, security_log_purge(cutoff): it sets a transaction-local
-- flag that the trigger checks, and the trigger still refuses any row younger than one year (the
-- PIPA minimum for access records), whatever the caller asks.
create table security_log (
  id uuid primary key default gen_random_uuid(),
  at timestamptz not null default now(),
  actor_kind text not null check (actor_kind in ('user', 'system', 'anonymous')),
  actor_id uuid,
  -- the member the entry is about (their sign-in history, their export); null for none
  subject_id uuid,
  action text not null check (action ~ '^[a-z_]+(\.[a-z_]+)+$'),
  target_kind text,
  target_id text,
  outcome text not null check (outcome in ('success', 'failure')),
  reason text,
  ip text,
  user_agent text,
  request_id text,
  details jsonb not null default '{}'::jsonb,
  check ((actor_kind = 'user') = (actor_id is not null))
);
create index security_log_at_idx on security_log (at desc, id desc);
create index security_log_subject_idx on security_log (subject_id, at desc) where subject_id is not null;
create index security_log_actor_idx on security_log (actor_id, at desc) where actor_id is not null;
create index security_log_action_idx on security_log (action, at desc);

create function security_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE'
     and current_setting('moim.security_log_purge', true) = 'on'
     and old.at < now() - interval '1 year' then
    return old;
  end if;
  raise exception 'security_log is append-only (% refused)', tg_op using errcode = '42501';
end;
$$;
create trigger security_log_no_update before update or delete on security_log
  for each row execute function security_log_append_only();
create trigger security_log_no_truncate before truncate on security_log
  for each statement execute function security_log_append_only();

-- The retention job's path: entries older than `cutoff` go (never one younger than a year).
create function security_log_purge(cutoff timestamptz) returns integer
  language plpgsql security definer set search_path = public as $$
declare n integer;
begin
  perform set_config('moim.security_log_purge', 'on', true);
  delete from security_log where at < cutoff;
  get diagnostics n = row_count;
  perform set_config('moim.security_log_purge', 'off', true);
  return n;
end;
$$;
