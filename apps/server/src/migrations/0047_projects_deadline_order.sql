-- The projects list's deadline order (docs/projects.md "List, search and sorting"): recruiting
-- projects by their closest deadline, then newest first. With the rows' full order in the index,
-- a page is read by one walk that stops after it, however many projects recruit.
create index projects_recruiting_deadline_order_idx on projects (recruitment_deadline, created_at desc, id desc)
  where deleted = false and status = 'RECRUITING';
drop index projects_recruiting_deadline_idx;
