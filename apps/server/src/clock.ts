/**
 * The platform's clock: what a module reads "now" from. Modules take an optional `Clock` in their
 * dependencies so that tests (and the demo seed's back-dating) can move time without waiting.
 */
export type Clock = () => Date;

/** The real time. */
export const systemClock: Clock = () => new Date();
