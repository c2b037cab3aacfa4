import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  username: text('username'),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  roles: text('roles').array().notNull().default(['ROLE_USER']),
  systemRole: text('system_role', { enum: ['ROLE_USER', 'ROLE_ADMIN'] }).notNull().default('ROLE_USER'),
  status: text('status', { enum: ['ACTIVE', 'DEACTIVATED', 'DELETED'] }).notNull().default('ACTIVE'),
  bio: text('bio'),
  links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
  profileImage: text('profile_image'),
  profileImageStatus: text('profile_image_status', { enum: ['NONE', 'PENDING', 'READY', 'FAILED'] }).notNull().default('NONE'),
  emailVerified: boolean('email_verified').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
