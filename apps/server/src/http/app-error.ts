import { type ErrorCode, type ErrorDetails, errorMessage, errorStatus, formKeyOf, formText } from '@moim/contract';
import { ERROR_TEXTS, type ErrorText, errorTextKey, renderErrorText } from '../i18n/error-texts.ts';
import type { Locale } from '../i18n/messages.ts';

/**
 * The one error type services throw. It carries a catalogue code (SPEC §8) and, where the code's
 * own sentence is too general, a message key of `i18n/error-texts.ts` that says what went wrong;
 * the error handler renders it in the reader's language and answers the envelope with the code's
 * HTTP status. `details` is the contract's one shape (`errorDetails`, docs/api-wire.md).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly text?: ErrorText | LegacyText,
    readonly details?: ErrorDetails,
    status?: number,
  ) {
    // the key, not a rendered text, is what logs and stack traces show
    super(text === undefined ? code : isLegacy(text) ? text : errorTextKey(text));
    this.name = 'AppError';
    this.status = status ?? errorStatus(code);
  }

  /** The message in one language: the specific text, or the code's catalogue sentence. */
  render(locale: Locale): string {
    if (this.text === undefined) return errorMessage(this.code, locale);
    if (isLegacy(this.text)) return locale === 'ko' ? this.text : errorMessage(this.code, locale);
    return renderErrorText(this.text, locale);
  }

  /** The details in one language: a field's message may name a form text (`form.deadlineFromToday`), rendered as validation's are. */
  renderDetails(locale: Locale): ErrorDetails | undefined {
    if (!this.details?.fields) return this.details;
    const fields = this.details.fields.map((f) => {
      const key = formKeyOf(f.message);
      return key ? { ...f, message: formText({ key }, locale) } : f;
    });
    return { ...this.details, fields };
  }
}

/** A Korean sentence not yet in the catalogue (being moved to keys; English readers get the code's sentence). */
type LegacyText = string;
function isLegacy(text: ErrorText | LegacyText): text is LegacyText {
  return typeof text === 'string' && !Object.hasOwn(ERROR_TEXTS, text);
}

/** A private thing that does not exist for this caller, or does not exist at all (404). */
export const notFound = (text?: ErrorText | LegacyText) => new AppError('BIZ-3001', text);
/** A thing the caller may see but not do this to (403). */
export const forbidden = (text?: ErrorText | LegacyText) => new AppError('AUTH-1004', text);
/** The thing's current state does not allow this (409). */
export const badState = (text?: ErrorText | LegacyText, details?: ErrorDetails) => new AppError('BIZ-3002', text, details);
/** A business rule forbids this whatever the state (422). */
export const ruleViolation = (text?: ErrorText | LegacyText, details?: ErrorDetails) => new AppError('BIZ-3003', text, details);
