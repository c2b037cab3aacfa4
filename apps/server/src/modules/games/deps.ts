import type { DeductionBotsService } from '../deduction-bots/index.ts';
import type { UsersService } from '../users/index.ts';

/**
 * What games need from the modules below: players' public names and pictures on the boards
 * (users); a custom bot an online room's host seats, and its moves (deduction-bots).
 */
export interface GamesDeps {
  users: Pick<UsersService, 'publicProfiles'>;
  bots: Pick<DeductionBotsService, 'seatable' | 'roomMove'>;
}
