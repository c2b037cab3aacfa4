/**
 * The games module's public interface (sessions, verified results, leaderboards, statistics).
 * Depends on users (players' public names and pictures on the boards), injected.
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import type { UsersService } from '../users/index.ts';
import { createGamesServices, gamesRoutes } from './routes.ts';
import { gamesSeeder } from './seed.ts';
import type { GamesService } from './service.ts';

export type { GamesService } from './service.ts';

export function createGamesModule(ctx: AppContext, deps: { users: Pick<UsersService, 'publicProfiles'> }): ServerModule<GamesService> {
  const built = createGamesServices(ctx, deps.users);
  return {
    name: 'games',
    prefix: '/api/games',
    api: built.games,
    routes: gamesRoutes(ctx, built),
    seeder: gamesSeeder(built.games),
  };
}
