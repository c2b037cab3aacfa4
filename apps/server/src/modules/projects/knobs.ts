/**
 * Controls that tests and benches turn (the list's caches), kept off the module's interface:
 * index.ts registers them per platform context, `projects-test-kit.ts` hands them out.
 */
import type { AppContext } from '../../context.ts';

export interface ProjectsKnobs {
  /** how long list totals are remembered (0: count on every request) */
  setListTotalsTtl(ms: number): void;
  /** the list's read cache on this instance (0 turns it off) */
  setReadCacheTtl(ms: number): void;
}

export const projectsKnobsByContext = new WeakMap<AppContext, ProjectsKnobs>();
