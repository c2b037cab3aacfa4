/** The projects module's controls for tests and benches (knobs.ts). */
import type { AppContext } from '../../context.ts';
import { projectsKnobsByContext, type ProjectsKnobs } from './knobs.ts';

export type { ProjectsKnobs } from './knobs.ts';

/** The knobs of the projects module built on `ctx` (an app's `app.ctx`). */
export function projectsKnobs(ctx: AppContext): ProjectsKnobs {
  const knobs = projectsKnobsByContext.get(ctx);
  if (!knobs) throw new Error('projects module not built on this context');
  return knobs;
}
