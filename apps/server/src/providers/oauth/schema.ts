/** Tables of the built-in local OpenID provider (development sign-in without an outside service). */
import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const localOauthCodes = pgTable('local_oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  nonce: text('nonce'),
  scope: text('scope').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const localOauthKeys = pgTable('local_oauth_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
