/**
 * Studio, the writing assistant (issue 16, docs/studio.md). Depends on users (the result mail's
 * address; members' addresses are sent to login instead of the guest trial) and mail (the result
 * mail, from the queue). Analyses run as `studio.analyze` jobs through the AI provider.
 */
import type { AppContext } from '../../context.ts';
import { createWritingAnalyzer } from '../../providers/ai/index.ts';
import type { ServerModule } from '../types.ts';
import type { StudioDeps } from './deps.ts';
import { studioPrivacy } from './personal-data.ts';
import { registerStudioRoutes } from './routes.ts';
import { ANALYZE_JOB, AnalysisRunner } from './runner.ts';
import { studioSeeder } from './seed.ts';
import { StudioService } from './service.ts';
import { TrialService } from './trials.ts';

export type { StudioService, TrialService, AnalysisRunner };
export type { StudioDeps } from './deps.ts';

export interface StudioApi {
  studio: StudioService;
  trials: TrialService;
  runner: AnalysisRunner;
}

export function createStudioModule(ctx: AppContext, deps: StudioDeps): ServerModule<StudioApi> {
  const analyzer = deps.analyzer ?? createWritingAnalyzer(ctx.config, ctx.log);
  const runner = new AnalysisRunner(ctx, deps, analyzer);
  ctx.jobs.register(ANALYZE_JOB, (payload, meta) => runner.run(String(payload.analysisId), meta.attempt), { lane: 'studio' });
  const studio = new StudioService(ctx);
  const trials = new TrialService(ctx, deps.users);
  return {
    name: 'studio',
    api: { studio, trials, runner },
    routes: (app) => registerStudioRoutes(app, ctx, studio, trials),
    seeder: studioSeeder(studio, runner),
    privacy: studioPrivacy(ctx),
  };
}
