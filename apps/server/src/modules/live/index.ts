/**
 * The live channel's HTTP surface: the WebSocket at /api/live. The channel itself is platform
 * (`ctx.live`, live/hub.ts): modules below define their topics and publish into it, so it sits
 * under every module and depends on none.
 */
import type { AppContext } from '../../context.ts';
import type { ServerModule } from '../types.ts';
import { liveRoutes } from './routes.ts';

export function createLiveModule(ctx: AppContext): ServerModule<null> {
  return { name: 'live', api: null, routes: liveRoutes(ctx) };
}
