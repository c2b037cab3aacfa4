/**
 * Every error message the server writes for a person, by key, in Korean and English
 * (docs/api-wire.md "Languages"). A service throws `new AppError(code, 'area.what')` (or
 * `{ key, params }`); the error handler renders the key in the reader's language
 * (`requestLocale`). One file per area under `errors/`; a key starts with its area.
 */
import { COMMON_ERRORS } from './errors/common.ts';
import { AUTH_ERRORS } from './errors/auth.ts';
import { SECOND_FACTOR_ERRORS } from './errors/second-factor.ts';
import { USERS_ERRORS } from './errors/users.ts';
import { STUDIES_ERRORS } from './errors/studies.ts';
import { PAYMENTS_ERRORS } from './errors/payments.ts';
import { CALENDAR_ERRORS } from './errors/calendar.ts';
import { REVIEWS_ERRORS } from './errors/reviews.ts';
import { NOTIFICATIONS_ERRORS } from './errors/notifications.ts';
import { GAMES_ERRORS } from './errors/games.ts';
import { DEDUCTION_ERRORS } from './errors/deduction.ts';
import { LAB_ERRORS } from './errors/lab.ts';
import { STUDIO_ERRORS } from './errors/studio.ts';
import { PROJECTS_ERRORS } from './errors/projects.ts';
import { JOBS_ERRORS } from './errors/jobs.ts';
import { IMAGES_ERRORS } from './errors/images.ts';
import { ADMIN_ERRORS } from './errors/admin.ts';
import { SITE_ERRORS } from './errors/site.ts';
import { PRIVACY_ERRORS } from './errors/privacy.ts';
import type { Locale, MessageParams } from './messages.ts';

export const ERROR_TEXTS = {
  ...COMMON_ERRORS,
  ...AUTH_ERRORS,
  ...SECOND_FACTOR_ERRORS,
  ...USERS_ERRORS,
  ...STUDIES_ERRORS,
  ...PAYMENTS_ERRORS,
  ...CALENDAR_ERRORS,
  ...REVIEWS_ERRORS,
  ...NOTIFICATIONS_ERRORS,
  ...GAMES_ERRORS,
  ...DEDUCTION_ERRORS,
  ...LAB_ERRORS,
  ...STUDIO_ERRORS,
  ...PROJECTS_ERRORS,
  ...JOBS_ERRORS,
  ...IMAGES_ERRORS,
  ...ADMIN_ERRORS,
  ...SITE_ERRORS,
  ...PRIVACY_ERRORS,
} as const;

export type ErrorTextKey = keyof typeof ERROR_TEXTS;

/** What an error says: a key, or a key with the parameters its text names. */
export type ErrorText = ErrorTextKey | { readonly key: ErrorTextKey; readonly params?: MessageParams };

export function errorTextKey(text: ErrorText): ErrorTextKey {
  return typeof text === 'string' ? text : text.key;
}

/** The text in one language, `{{name}}` filled from the params (a missing one renders empty). */
export function renderErrorText(text: ErrorText, locale: Locale): string {
  const key = errorTextKey(text);
  const params = typeof text === 'string' ? undefined : text.params;
  const pair: { ko: string; en: string } = ERROR_TEXTS[key];
  return pair[locale].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = params?.[name];
    return v === undefined ? '' : String(v);
  });
}
