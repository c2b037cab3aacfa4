import { type ErrorCode, errorMessage, errorStatus } from '@moim/contract';

/**
 * The one error type services throw. It carries a catalogue code (SPEC §8); the error handler
 * turns it into the envelope with the code's HTTP status. `message` defaults to the code's
 * Korean text; pass a more specific one where it helps the user.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    status?: number,
  ) {
    super(message ?? errorMessage(code));
    this.name = 'AppError';
    this.status = status ?? errorStatus(code);
  }
}

export const notFound = (what = '요청한 항목을 찾을 수 없습니다.') => new AppError('BIZ-3001', what);
export const forbidden = (message?: string) => new AppError('AUTH-1004', message);
export const badState = (message?: string, details?: unknown) => new AppError('BIZ-3002', message, details);
export const ruleViolation = (message?: string, details?: unknown) => new AppError('BIZ-3003', message, details);
