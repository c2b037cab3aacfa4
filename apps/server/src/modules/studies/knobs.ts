/**
 * Controls that tests and benches turn (the read caches), kept off the module's interface:
 * index.ts registers them per platform context, `studies-test-kit.ts` hands them out.
 */
import type { AppContext } from '../../context.ts';

export interface StudiesKnobs {
  /** the read caches' lifetime on this instance (0 turns them off) */
  setReadCacheTtl(ms: number): void;
}

export const studiesKnobsByContext = new WeakMap<AppContext, StudiesKnobs>();
