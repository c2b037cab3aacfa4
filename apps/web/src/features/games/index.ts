/**
 * What other features may use from games: the lab page shows the Tetris champion and the
 * player's bests (API hooks and keys, the local high score) and keeps the game session alive.
 * Nothing here imports a game's page, board or stylesheet, so the lab chunk stays small.
 */
export { gamesApi, gamesKeys, useMyStats } from './api';
export { readTetrisHighScore } from './session/storage';
export { useGameSession } from './session/use-game-session';
