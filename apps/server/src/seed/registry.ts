/**
 * Start-up seeders in dependency order (accounts first: later seeders use `shared.users`).
 * Add a module's seeder here and nowhere else.
 */
import type { Seeder } from './index.ts';
import { accountsSeeder } from '../modules/users/seed.ts';
import { studiesSeeder } from '../modules/studies/seed.ts';
import { gamesSeeder } from '../modules/games/seed.ts';
import { paymentsSeeder } from '../modules/payments/seed.ts';

export const seeders: Seeder[] = [accountsSeeder, studiesSeeder, gamesSeeder, paymentsSeeder];
