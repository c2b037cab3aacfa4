import type { LadderRunnerOptions } from './ladder-runner.ts';
import type { BotOwnerDirectory } from './service.ts';

/** What this module needs from the modules below it (its factory's `deps`). */
export interface DeductionBotsDeps {
  users: BotOwnerDirectory;
  /** A shorter ladder or other limits (tests). */
  ladder?: LadderRunnerOptions;
}
