-- What an applicant shows the project's owner at a glance (docs/projects.md "Applications"): a
-- blog next to the GitHub and portfolio links, and the skills they bring (up to ten names, as they
-- typed them), beside the introduction the application already had.
alter table project_applications add column blog_url text;
alter table project_applications add column skills text[] not null default '{}';
