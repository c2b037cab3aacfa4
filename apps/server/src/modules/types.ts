import type { FastifyInstance } from 'fastify';
import type { Seeder } from '../seed/index.ts';

/**
 * A feature module (GUIDE §1 seams). Built by its factory in `modules/<m>/index.ts`, which takes
 * the platform (`AppContext`: config, db, jobs, events, guards …) and the typed public interfaces
 * of the modules it depends on; wired in dependency order by the composition root
 * (`modules/index.ts`). `api` is what later modules receive; `routes` is its HTTP surface.
 */
export interface ServerModule<Api = unknown> {
  readonly name: string;
  /** where `routes` are mounted (default /api) */
  readonly prefix?: string;
  /** the typed public interface other modules receive through their factories */
  readonly api: Api;
  routes?(app: FastifyInstance): void | Promise<void>;
  /** start-up data (demo content), run in module order after the app is built */
  readonly seeder?: Seeder;
}
