/** The games module's public interface (sessions, verified results, leaderboards, statistics). */
export type { GamesService } from './service.ts';
