-- A writer's unsaved work on a studio document (docs/studio.md "Drafts"): the working text, the
-- decisions on the suggestions of the version it started from, and the settings for the next
-- analysis. One per document, the owner's only; the next saved version ends it.
create table studio_drafts (
  document_id uuid primary key references studio_documents(id) on delete cascade,
  owner_id uuid not null references users(id) on delete cascade,
  analysis_id uuid not null references studio_analyses(id) on delete cascade,
  text text,
  decisions jsonb not null default '{}'::jsonb,
  settings jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

-- Two more kinds of text the analyzer detects and a writer can pick: a retrospective (회고) and a
-- proposal (제안서).
alter table studio_analyses drop constraint studio_analyses_purpose_check;
alter table studio_analyses add constraint studio_analyses_purpose_check check (purpose in (
  'INFORMATION', 'MARKETING', 'ESSAY', 'PRODUCT_REVIEW', 'TUTORIAL', 'RESUME', 'README', 'RETROSPECTIVE', 'PROPOSAL', 'OTHER'));
