/**
 * @moim/games: deterministic game engines run by the browser (to play) and the server (to
 * verify a submitted result by replaying its input log). No runtime dependencies, no DOM
 * or Node APIs.
 */

export * from './game-types.ts';
export * from './rng.ts';
export * from './tetris-pieces.ts';
export * from './tetris-engine.ts';
export * from './tetris-log.ts';
export * from './tetris-keys.ts';
export * from './tetris-verify.ts';
export * from './tetris-bot.ts';
export * from './deduction/index.ts';
export * from './lab/index.ts';
export * from './plausibility.ts';
export * from './glicko2.ts';
