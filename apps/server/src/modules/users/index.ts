/**
 * The users module's public interface: accounts and public profiles (name, image) for other
 * modules. Other modules never join the users table; they ask `publicProfiles`.
 */
export type { UsersService, UserSummary, PublicProfile, UserAccount, CreateUserInput, AccountStatus } from './service.ts';
