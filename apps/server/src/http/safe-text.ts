/**
 * Applies the contract's one text rule (`findUnsafeText`: no NUL, no lone surrogate) to the query,
 * the path parameters and the parsed body of every request, before any route's own validation:
 * 400 VAL-2002 naming the field. Registered once on the root instance, so every route (and every
 * future one) is covered without a per-field check.
 */
import { findUnsafeText } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from './app-error.ts';

export function registerSafeTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'query') ?? findUnsafeText(request.body, 'body');
    if (path === undefined) return;
    throw invalidInput('VAL-2002', { path, code: 'unsafe_text', message: 'form.nulOrSurrogate' });
  });
}
