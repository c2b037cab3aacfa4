/** The deduction game (docs/deduction.md): deal, rules, solver, AIs, scoring, log, verification, bots. */
export * from './words.ts';
export * from './settings.ts';
export * from './combinatorics.ts';
export * from './deal.ts';
export * from './solver.ts';
export * from './engine.ts';
export * from './ai.ts';
export * from './score.ts';
export * from './result.ts';
export * from './log.ts';
export * from './verify.ts';
export * from './view.ts';
export * from './bot-protocol.ts';
export * from './match.ts';
export * from './ladder.ts';
