-- Issue 12 item 10: at most one open card checkout (READY or IN_PROGRESS) per study application,
-- enforced by the database, as bank transfer already is (payments_one_settled_per_application).
-- Twenty concurrent starts used to leave several open orders on PostgreSQL, and paying more than
-- one charged and refunded the customer repeatedly. A start now returns the open order.

-- Older duplicates (from before this rule) give way to the newest, as a new attempt did.
with ranked as (
  select id, status,
         row_number() over (partition by application_id order by (status = 'IN_PROGRESS') desc, created_at desc, id desc) as n
  from payments
  where method = 'CARD' and application_id is not null and status in ('READY', 'IN_PROGRESS')
), superseded as (
  update payments p
     set status = 'ABORTED', failure_code = 'SUPERSEDED', failure_message = '새 결제 시도로 대체되었습니다.', updated_at = now()
    from ranked r
   where p.id = r.id and r.n > 1 and r.status = 'READY'
  returning p.id
)
insert into payment_events (payment_id, type, from_status, to_status, data, actor)
select id, 'ABORTED', 'READY', 'ABORTED', '{"reason": "SUPERSEDED", "by": "migration 0014"}'::jsonb, 'system' from superseded;

create unique index payments_one_open_card_per_application on payments (application_id)
  where method = 'CARD' and status in ('READY', 'IN_PROGRESS');
