/** Every table of every module, for Drizzle's relational queries. Modules own their tables. */
export * from '../jobs/schema.ts';
export * from '../modules/users/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../providers/mail/schema.ts';
export * from '../modules/studies/schema.ts';
export * from '../modules/calendar/schema.ts';
export * from '../modules/reviews/schema.ts';
export * from '../modules/notifications/schema.ts';
export * from '../providers/oauth/schema.ts';
export * from '../modules/games/schema.ts';
export * from '../modules/deduction-bots/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../providers/payments/test-gateway/schema.ts';
export * from '../modules/lab/schema.ts';
export * from '../modules/studio/schema.ts';
export * from '../modules/job-postings/schema.ts';
export * from '../modules/projects/schema.ts';
