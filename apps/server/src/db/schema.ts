/** Every table of every module, for Drizzle's relational queries. Modules own their tables. */
export * from '../jobs/schema.ts';
export * from '../modules/users/schema.ts';
