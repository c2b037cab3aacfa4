/**
 * Start-up data: the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and, on an empty database,
 * the demo content (made through the modules' services, never SQL dumps), loaded once.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { appMeta } from '../jobs/schema.ts';

export interface Seeder {
  name: string;
  /** Runs at every start (idempotent), e.g. ensuring the configured admin exists. */
  always?(ctx: AppContext): Promise<void>;
  /** Runs once, on a database that has never been seeded, when SEED_DEMO is on. */
  demo?(ctx: AppContext, shared: Record<string, unknown>): Promise<void>;
}

/** `all`: the composed modules' seeders, in module (dependency) order: accounts first. */
export async function runStartupSeeds(ctx: AppContext, all: readonly Seeder[]): Promise<{ demoLoaded: boolean }> {
  for (const s of all) await s.always?.(ctx);
  if (!ctx.config.SEED_DEMO) return { demoLoaded: false };
  const done = await ctx.db.select().from(appMeta).where(eq(appMeta.key, 'demo_seeded'));
  if (done.length > 0) return { demoLoaded: false };
  const shared: Record<string, unknown> = {};
  for (const s of all) {
    if (s.demo) {
      await s.demo(ctx, shared);
      ctx.log.info({ seeder: s.name }, 'demo content loaded');
    }
  }
  await ctx.db
    .insert(appMeta)
    .values({ key: 'demo_seeded', value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  return { demoLoaded: true };
}
