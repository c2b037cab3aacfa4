/**
 * Start-up seeders in dependency order (accounts first: later seeders use `shared.users`).
 * Add a module's seeder here and nowhere else.
 */
import type { Seeder } from './index.ts';

export const seeders: Seeder[] = [];
