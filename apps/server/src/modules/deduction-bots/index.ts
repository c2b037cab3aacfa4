/**
 * The deduction-bots module: custom bots for the deduction game and their ladder. Public
 * interface: the service type and the factory. It depends on the users module only through
 * `BotOwnerDirectory` (public names), given to the factory; it never touches the games
 * module (the ladder plays the @moim/games engine directly). The games module's online rooms
 * use `seatable` and `roomMove` (a bot seated by a host, run by the server).
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { deductionBotsPrivacy } from './personal-data.ts';
import { registerBotRoutes } from './routes.ts';
import type { DeductionBotsDeps } from './deps.ts';
import { BotMoveRunner } from './bot-move-runner.ts';
import { DeductionBotsService, LADDER_JOB } from './service.ts';

export type { BotOwnerDirectory, DeductionBotsService, SeatableBot } from './service.ts';
export type { DeductionBotsDeps } from './deps.ts';

export function createDeductionBotsModule(ctx: AppContext, deps: DeductionBotsDeps): ServerModule<DeductionBotsService> {
  // online rooms' bot moves: one sandbox thread per process, stopped with the server
  const moves = new BotMoveRunner(deps.ladder?.moveMs);
  const bots = new DeductionBotsService(ctx, deps, moves);
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
    routes: (scope) => {
      scope.addHook('onClose', () => moves.close());
      registerBotRoutes(scope, ctx, bots);
    },
    privacy: deductionBotsPrivacy(ctx),
  };
}
