/**
 * The deduction-bots module: custom bots for the deduction game and their ladder. Public
 * interface: the service type and the factory. It depends on the users module only through
 * `BotOwnerDirectory` (public names), given to the factory; it never touches the games
 * module (the ladder plays the @moim/games engine directly).
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { deductionBotsPrivacy } from './personal-data.ts';
import { registerBotRoutes } from './routes.ts';
import type { DeductionBotsDeps } from './deps.ts';
import { DeductionBotsService, LADDER_JOB } from './service.ts';

export type { BotOwnerDirectory, DeductionBotsService } from './service.ts';
export type { DeductionBotsDeps } from './deps.ts';

export function createDeductionBotsModule(ctx: AppContext, deps: DeductionBotsDeps): ServerModule<DeductionBotsService> {
  const bots = new DeductionBotsService(ctx, deps);
  ctx.jobs.register(
    LADDER_JOB,
    async (payload) => {
      await bots.runLadder(String(payload.botId), Number(payload.version));
    },
    { lane: 'deduction-ladder' },
  );
  return {
    name: 'deduction-bots',
    prefix: '/api/games/deduction',
    api: bots,
    routes: (scope) => registerBotRoutes(scope, ctx, bots),
    privacy: deductionBotsPrivacy(ctx),
  };
}
