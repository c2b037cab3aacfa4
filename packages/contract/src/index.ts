export * from './errors.ts';
export * from './envelope.ts';
export * from './constants.ts';
export * from './health.ts';
