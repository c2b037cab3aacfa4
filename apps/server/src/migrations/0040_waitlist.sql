-- The waitlist (docs/waitlist.md): an application to a full study waits as WAITLISTED, in the
-- order it joined (waitlisted_at, then id), and is promoted by the transaction that frees a seat.
alter table study_applications drop constraint if exists study_applications_status_check;
alter table study_applications add constraint study_applications_status_check
  check (status in ('PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED', 'PAYMENT_PENDING', 'CONFIRMED', 'EXPIRED', 'REFUNDED', 'WAITLISTED'));
alter table study_applications add column waitlisted_at timestamptz;
alter table study_applications add constraint study_applications_waitlist_chk
  check (status <> 'WAITLISTED' or waitlisted_at is not null);

-- still one open application per user and study: a place in the line is one
drop index study_applications_open_idx;
create unique index study_applications_open_idx on study_applications (study_id, user_id)
  where status in ('PENDING', 'ACCEPTED', 'PAYMENT_PENDING', 'WAITLISTED');

-- the line, first in first
create index study_applications_waitlist_idx on study_applications (study_id, waitlisted_at, id)
  where status = 'WAITLISTED';
