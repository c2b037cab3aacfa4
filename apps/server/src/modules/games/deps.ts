import type { UsersService } from '../users/index.ts';

/** What games need from the modules below: players' public names and pictures on the boards (users). */
export interface GamesDeps {
  users: Pick<UsersService, 'publicProfiles'>;
}
