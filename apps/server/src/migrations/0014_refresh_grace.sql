-- Refresh race (issue 12, docs/accounts.md "Refresh tokens"): a used refresh token keeps its
-- successor, encrypted (AES-256-GCM, key derived from JWT_SECRET), so that a second refresh with
-- it inside the short grace interval answers the same successor instead of revoking the login.
-- Cleared by the hourly sweep once the grace is long past.
alter table refresh_tokens add column successor_enc text;
