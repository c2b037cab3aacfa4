/**
 * The games feature's public surface: what the lab (and any other feature) may use. Its pages
 * are declared in its own routes.tsx (lazy chunks), never imported by another feature.
 */
export { gamesApi, gamesKeys, useMyStats, weeklyChampionQuery } from './api';
export { readTetrisHighScore } from './session/storage';
export { useGameSession } from './session/use-game-session';
