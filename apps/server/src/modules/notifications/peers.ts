/**
 * Services of other modules this module uses when they are there (looked up at call time, so the
 * inbox works even without the accounts module, e.g. in tests that stub users).
 */
import type { AppContext } from '../../context.ts';

/** A user's e-mail and name through the users service; null when it cannot tell. */
export async function userContact(ctx: AppContext, userId: string): Promise<{ email: string | null; name: string | null } | null> {
  const users = ctx.services.users as Partial<AppContext['services']['users']> | undefined;
  if (typeof users?.getUser !== 'function') return null;
  const u = await users.getUser(userId);
  if (!u || u.status !== 'ACTIVE') return null;
  return { email: u.email ?? null, name: u.name ?? null };
}
