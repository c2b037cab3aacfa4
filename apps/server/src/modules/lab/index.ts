/**
 * Lab tools: saved Team Shuffle rosters and the Spotlight Arena history of signed-in users.
 * Depends on no other module (the draw check comes from @moim/games).
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { labPrivacy } from './personal-data.ts';
import { registerLabRoutes } from './routes.ts';
import { labSeeder } from './seed.ts';
import { LabService } from './service.ts';

export type { LabService };

export function createLabModule(ctx: AppContext): ServerModule<LabService> {
  const service = new LabService(ctx);
  return {
    name: 'lab',
    api: service,
    routes: (app) => registerLabRoutes(app, ctx, service),
    seeder: labSeeder(service),
    privacy: labPrivacy(ctx),
  };
}
