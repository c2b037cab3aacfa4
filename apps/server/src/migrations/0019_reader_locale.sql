-- Issue 13 item 9: server-made texts in the reader's language. Each account has a preferred
-- locale (set by the web at sign-up from the UI language and whenever the user switches
-- language); notifications keep a message key and its parameters, rendered in the reader's
-- locale when read or mailed. Rows written before this migration have no key and are shown with
-- their stored (Korean) title and body.
alter table users add column if not exists locale text not null default 'ko';
alter table users drop constraint if exists users_locale_check;
alter table users add constraint users_locale_check check (locale in ('ko', 'en'));

alter table notifications add column if not exists message_key text;
alter table notifications add column if not exists message_params jsonb;
