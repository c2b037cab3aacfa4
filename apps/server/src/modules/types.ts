import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** A feature module: its routes are registered under `prefix` (default /api). */
export interface Module {
  name: string;
  prefix?: string;
  register(app: FastifyInstance, ctx: AppContext): Promise<void> | void;
}
