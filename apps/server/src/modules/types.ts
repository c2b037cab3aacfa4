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
  /** what this module holds about a member: their export's files and their erasure (docs/privacy.md) */
  readonly privacy?: ModulePrivacy;
}

/** One file of a member's data export: what one module holds about them (docs/privacy.md). */
export interface PersonalDataSection {
  /** the file's name inside the archive, `<name>.json` */
  readonly file: string;
  /** what the file holds, for the archive's README */
  readonly about: { readonly ko: string; readonly en: string };
  /** the member's own data in this module, as plain JSON (ids, ISO instants, no secrets) */
  collect(userId: string): Promise<unknown>;
}

/**
 * A module's part in members' rights over their data: the files it adds to an export and what it
 * erases when an account is deleted (run from the `users.account-deleted` event, so at least once:
 * `erase` is idempotent).
 */
export interface ModulePrivacy {
  readonly sections: readonly PersonalDataSection[];
  erase?(userId: string): Promise<void>;
}
