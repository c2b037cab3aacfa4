/** The studies module's controls for tests and benches (knobs.ts). */
import type { AppContext } from '../../context.ts';
import { studiesKnobsByContext, type StudiesKnobs } from './knobs.ts';

export type { StudiesKnobs } from './knobs.ts';

/** The knobs of the studies module built on `ctx` (an app's `app.ctx`). */
export function studiesKnobs(ctx: AppContext): StudiesKnobs {
  const knobs = studiesKnobsByContext.get(ctx);
  if (!knobs) throw new Error('studies module not built on this context');
  return knobs;
}
