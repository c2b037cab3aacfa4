import { boolean, customType, date, index, integer, jsonb, pgTable, pgView, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers (pg gives a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  username: text('username'),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  roles: text('roles').array().notNull().default(['ROLE_USER']),
  systemRole: text('system_role', { enum: ['ROLE_USER', 'ROLE_ADMIN'] })
    .notNull()
    .default('ROLE_USER'),
  status: text('status', { enum: ['ACTIVE', 'DEACTIVATED', 'DELETED'] })
    .notNull()
    .default('ACTIVE'),
  bio: text('bio'),
  links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
  profileImage: text('profile_image'),
  profileImageStatus: text('profile_image_status', { enum: ['NONE', 'PENDING', 'READY', 'FAILED'] })
    .notNull()
    .default('NONE'),
  profileImageVersion: integer('profile_image_version').notNull().default(0),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** the language of server-made texts for this user (notifications, mails) */
  locale: text('locale', { enum: ['ko', 'en'] })
    .notNull()
    .default('ko'),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
export type UserRow = typeof users.$inferSelect;

/**
 * The users module's read model for other modules (migration 0021): a person's public profile
 * fields, to join for display names and pictures (leaders, applicants, members, authors). Other
 * modules join this view, never the `users` table (scripts/check-seams.mjs); it is exported from
 * the module's public entry (`users/index.ts`).
 */
export const userPublic = pgView('user_public', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  profileImage: text('profile_image'),
  // migration 0025: what a project card shows of its owner (users/index.ts `publicProfileOf`)
  username: text('username'),
  profileImageVersion: integer('profile_image_version').notNull(),
  active: boolean('active').notNull(),
  // migration 0043: a deleted account gets no notices
  deleted: boolean('deleted').notNull(),
}).existing();

export const userImages = pgTable(
  'user_images',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['source', '512', '128'] }).notNull(),
    version: integer('version').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    byteSize: integer('byte_size').notNull(),
    etag: text('etag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variant] })],
);

export const teamMembers = pgTable('team_members', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  roleTitle: text('role_title').notNull(),
  quote: text('quote'),
  sortOrder: integer('sort_order').notNull().default(100),
  memberSince: date('member_since', { mode: 'string' }).notNull().defaultNow(),
  visible: boolean('visible').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A pending e-mail change, confirmed from the new address (migration 0039; email-change.ts). */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);
