/**
 * The users module's public interface: accounts and public profiles (name, image) for other
 * modules. Other modules never read the users table: they ask `publicProfiles` / `getUsers`, or,
 * inside a list query, join `userPublic` (the `user_public` view this module owns, migration 0021).
 *
 * Depends on: the auth module's lower layer (`UserCredentials`: passwords, the session store) and
 * mail, both injected. Auth's upper layer (login, refresh) sits above users.
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { usersRoutes } from './routes.ts';
import { createEmailChange } from './email-change.ts';
import { emailChangeRoutes } from './email-change-routes.ts';
import { usersPrivacy } from './personal-data.ts';
import { accountsSeeder } from './seed.ts';
import type { UsersDeps } from './deps.ts';
import { PROFILE_IMAGE_JOB, UsersModuleService } from './service.ts';

export type {
  UsersService,
  UsersModuleService,
  UserSummary,
  PublicProfile,
  UserAccount,
  CreateUserInput,
  AccountStatus,
  UserCredentials,
  UsersDeps,
} from './service.ts';
export { DEMO_PEOPLE, ensurePasswordlessDemoAccounts, type SeededUsers } from './seed.ts';
export type { UsersEvents, AccountDeletedEvent } from './events.ts';
export { ACCOUNT_LIMITS } from './rate-limits.ts';
/** the public-profile read model other modules join (never the users table itself) */
export { userPublic } from './schema.ts';
/** a public profile from the view's columns (for a list that joins `userPublic`) */
export { publicProfileOf } from './user-view.ts';

export function createUsersModule(ctx: AppContext, deps: UsersDeps): ServerModule<UsersModuleService> {
  const users = new UsersModuleService(ctx, deps);
  ctx.jobs.register(PROFILE_IMAGE_JOB, async (payload) => {
    await users.processProfileImage(String(payload.userId), Number(payload.version));
  });
  const routes = usersRoutes(ctx, users, deps);
  const emailRoutes = emailChangeRoutes(ctx, createEmailChange(ctx, deps), deps);
  return {
    name: 'users',
    api: users,
    routes: async (app) => {
      await routes(app);
      await emailRoutes(app);
    },
    seeder: accountsSeeder(users),
    privacy: usersPrivacy(ctx),
  };
}
