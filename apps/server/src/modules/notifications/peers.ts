/** The users module as the inbox sees it: a recipient's contact and language for the notification mail. */
import { DEFAULT_LOCALE, type Locale } from '../../i18n/messages.ts';
import type { UsersService } from '../users/index.ts';

/** A user's e-mail, name and locale through the users service; null when the account is not active. */
export async function userContact(
  users: Pick<UsersService, 'getUser'>,
  userId: string,
): Promise<{ email: string | null; name: string | null; locale: Locale } | null> {
  const u = await users.getUser(userId);
  if (!u || u.status !== 'ACTIVE') return null;
  return { email: u.email ?? null, name: u.name ?? null, locale: u.locale };
}

/** The language a user reads server-made texts in (Korean when it cannot tell). */
export async function userLocale(users: Pick<UsersService, 'getUser'>, userId: string): Promise<Locale> {
  const u = await users.getUser(userId);
  return u?.locale ?? DEFAULT_LOCALE;
}
