import type { StudiesService } from '../studies/index.ts';

/** What reviews need from the modules below (the factory's `deps`). */
export interface ReviewsDeps {
  studies: Pick<StudiesService, 'callerAccess'>;
}
