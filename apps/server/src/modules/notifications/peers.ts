/**
 * Services of other modules this module uses when they are there (looked up at call time, so the
 * inbox works even without the accounts module, e.g. in tests that stub users).
 */
import type { AppContext } from '../../context.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/messages.ts';

/** A user's e-mail, name and locale through the users service; null when it cannot tell. */
export async function userContact(
  ctx: AppContext,
  userId: string,
): Promise<{ email: string | null; name: string | null; locale: Locale } | null> {
  const users = ctx.services.users as Partial<AppContext['services']['users']> | undefined;
  if (typeof users?.getUser !== 'function') return null;
  const u = await users.getUser(userId);
  if (!u || u.status !== 'ACTIVE') return null;
  return { email: u.email ?? null, name: u.name ?? null, locale: isLocale(u.locale) ? u.locale : DEFAULT_LOCALE };
}

/** The language a user reads server-made texts in (Korean when it cannot tell). */
export async function userLocale(ctx: AppContext, userId: string): Promise<Locale> {
  const users = ctx.services.users as Partial<AppContext['services']['users']> | undefined;
  if (typeof users?.getUser !== 'function') return DEFAULT_LOCALE;
  const u = await users.getUser(userId);
  return isLocale(u?.locale) ? u.locale : DEFAULT_LOCALE;
}
