/** The lab's pure tools: Team Shuffle and Spotlight Arena (draw, shows, statistics). */
export * from './chacha20.ts';
export * from './chi-square.ts';
export * from './fair-draw.ts';
export * from './team-shuffle.ts';
export * from './show-support.ts';
export * from './snail-race.ts';
export * from './dart-wheel.ts';
export * from './slot-cascade.ts';
export * from './arena-record.ts';
