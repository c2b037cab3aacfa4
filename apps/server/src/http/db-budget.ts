/**
 * Gives each request its database time budget (db/budget.ts): created when the request arrives,
 * entered for everything after this hook (Fastify carries the async context across reading the
 * body), closed when the response is done.
 */
import type { FastifyInstance } from 'fastify';
import { DbBudget, withDbBudget } from '../db/budget.ts';

export function registerDatabaseBudget(app: FastifyInstance, budgetMs: number): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const budget = new DbBudget(budgetMs);
    reply.raw.once('close', () => budget.close());
    withDbBudget(budget, done);
  });
}
