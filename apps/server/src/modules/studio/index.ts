/**
 * Studio, the writing assistant (issue 16, docs/studio.md). Depends on users (the result mail's
 * address; members' addresses are sent to login instead of the guest trial) and mail (the result
 * mail, from the queue). Analyses run as `studio.analyze` jobs through the AI provider.
 */
import type { AppContext } from '../../context.ts';
import { type WritingAnalyzer, createWritingAnalyzer } from '../../providers/ai/index.ts';
import type { MailService } from '../../providers/mail/service.ts';
import type { UsersService } from '../users/index.ts';
import type { ServerModule } from '../types.ts';
import { registerStudioRoutes } from './routes.ts';
import { AnalysisRunner } from './runner.ts';
import { studioSeeder } from './seed.ts';
import { StudioService } from './service.ts';
import { TrialService } from './trials.ts';

export type { StudioService, TrialService, AnalysisRunner };

export interface StudioDeps {
  mail: Pick<MailService, 'enqueue'>;
  users: Pick<UsersService, 'getUser' | 'findByEmail'>;
}

export interface StudioApi {
  studio: StudioService;
  trials: TrialService;
  runner: AnalysisRunner;
}

export function createStudioModule(ctx: AppContext, deps: StudioDeps, opts: { analyzer?: WritingAnalyzer } = {}): ServerModule<StudioApi> {
  const analyzer = opts.analyzer ?? createWritingAnalyzer(ctx.config, ctx.log);
  const runner = new AnalysisRunner(ctx, deps, analyzer);
  runner.register();
  const studio = new StudioService(ctx);
  const trials = new TrialService(ctx, deps.users);
  return {
    name: 'studio',
    api: { studio, trials, runner },
    routes: (app) => registerStudioRoutes(app, ctx, studio, trials),
    seeder: studioSeeder(studio, runner),
  };
}
