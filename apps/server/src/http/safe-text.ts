/**
 * Applies the contract's one text rule (`findUnsafeText`: no NUL, no lone surrogate) to the query,
 * the path parameters and the parsed body of every request, before any route's own validation:
 * 400 VAL-2002 naming the field. Registered once on the root instance, so every route (and every
 * future one) is covered without a per-field check.
 */
import { errorMessage, findUnsafeText } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

export function registerSafeTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'query') ?? findUnsafeText(request.body, 'body');
    if (path === undefined) return;
    const message = '허용되지 않는 문자(NUL 또는 짝이 없는 서로게이트)가 들어 있습니다.';
    throw new AppError('VAL-2002', `${errorMessage('VAL-2002')} (${path}: ${message})`, {
      fields: [{ path, code: 'unsafe_text', message }],
    });
  });
}
