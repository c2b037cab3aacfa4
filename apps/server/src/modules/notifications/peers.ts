/** The users module as the inbox sees it: a recipient's contact for the notification mail. */
import type { UsersService } from '../users/index.ts';

/** A user's e-mail and name through the users service; null when the account is not active. */
export async function userContact(
  users: Pick<UsersService, 'getUser'>,
  userId: string,
): Promise<{ email: string | null; name: string | null } | null> {
  const u = await users.getUser(userId);
  if (!u || u.status !== 'ACTIVE') return null;
  return { email: u.email ?? null, name: u.name ?? null };
}
