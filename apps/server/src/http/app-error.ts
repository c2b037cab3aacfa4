import { type ErrorCode, type ErrorDetails, type ErrorField, errorMessage, errorStatus, formKeyOf, formText } from '@moim/contract';
import { ERROR_TEXTS, type ErrorText, type ErrorTextKey, errorTextKey, renderErrorText } from '../i18n/error-texts.ts';
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
    readonly text?: ErrorText,
    readonly details?: ErrorDetails,
    status?: number,
  ) {
    // the key, not a rendered text, is what logs and stack traces show
    super(text === undefined ? code : errorTextKey(text));
    this.name = 'AppError';
    this.status = status ?? errorStatus(code);
  }

  /**
   * The message in one language: the specific text, or the code's catalogue sentence — followed,
   * when there is no specific text but a field at fault, by that field as the validator writes
   * one: `입력값을 확인해 주세요. (body.startDate: 시작일은 오늘 이후여야 합니다.)`.
   */
  render(locale: Locale): string {
    if (this.text === undefined) {
      const first = this.details?.fields?.[0];
      const sentence = errorMessage(this.code, locale);
      return first ? `${sentence} (${first.path}: ${renderFieldText(first.message, locale)})` : sentence;
    }
    // (a key the catalogue lacks cannot pass the type; should one arrive, the code's own sentence)
    if (!isErrorTextKey(errorTextKey(this.text))) return errorMessage(this.code, locale);
    return renderErrorText(this.text, locale);
  }

  /**
   * `details` with each field's message (a `form.*` key, or a key of the error texts; the error's
   * own key is rendered with its parameters) in one language.
   */
  renderDetails(locale: Locale): ErrorDetails | undefined {
    const fields = this.details?.fields;
    if (!fields) return this.details;
    const own = this.text;
    const render = (message: string) =>
      own !== undefined && message === errorTextKey(own) ? renderErrorText(own, locale) : renderFieldText(message, locale);
    return { ...this.details, fields: fields.map((f) => ({ ...f, message: render(f.message) })) };
  }
}

/**
 * A field's message in one language: `form.<key>` (or `form.<key>:<limit>`) from the contract's
 * form catalogue, a key of the error texts, or (a value, not a sentence) the string itself.
 */
function renderFieldText(message: string, locale: Locale): string {
  const form = formKeyOf(message);
  if (form) {
    const limit = message.split(':')[1];
    return formText({ key: form, ...(limit !== undefined && limit !== '' ? { limit: Number(limit) } : {}) }, locale);
  }
  if (isErrorTextKey(message)) return renderErrorText(message, locale);
  return message;
}

function isErrorTextKey(value: string): value is ErrorTextKey {
  return Object.hasOwn(ERROR_TEXTS, value);
}

/** A private thing that does not exist for this caller, or does not exist at all (404). */
export const notFound = (text?: ErrorText) => new AppError('BIZ-3001', text);
/** A thing the caller may see but not do this to (403). */
export const forbidden = (text?: ErrorText) => new AppError('AUTH-1004', text);
/** The thing's current state does not allow this (409). */
export const badState = (text?: ErrorText, details?: ErrorDetails) => new AppError('BIZ-3002', text, details);
/** A business rule forbids this whatever the state (422). */
export const ruleViolation = (text?: ErrorText, details?: ErrorDetails) => new AppError('BIZ-3003', text, details);
/**
 * Input a service found wrong (400 VAL-*), reported as the validator reports it: the fields at
 * fault, each message a `form.*` key (rendered in the reader's language).
 */
export const invalidInput = (code: ErrorCode, ...fields: ErrorField[]) => new AppError(code, undefined, { fields });
