import type { ErrorCode } from '@moim/contract';

export function ok<T>(data: T) {
  return { success: true as const, data };
}

export function errorEnvelope(code: ErrorCode | string, message: string, details?: unknown, requestId?: string) {
  return {
    success: false as const,
    error: { code, message, ...(details === undefined ? {} : { details }) },
    message,
    ...(requestId ? { requestId } : {}),
  };
}
