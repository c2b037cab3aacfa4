/**
 * `GET /api/live`: the live channel's WebSocket (docs/live.md). HTTP only: the upgrade, and each
 * frame handed to the hub (live/hub.ts), which authenticates the first message, authorises
 * topics and sends. The access token travels in the first message, never in the URL (which
 * proxies and logs keep).
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requestLocale } from '../../http/locale.ts';
import { liveSocketOf } from '../../live/socket.ts';
import { LIVE_PATH } from './paths.ts';

export function liveRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: ctx.live.limits.maxMessageBytes, perMessageDeflate: false },
      // closing the server closes the sockets with 1001 (clients reconnect to another instance)
      preClose: async () => {
        await ctx.live.close();
      },
    });
    ctx.live.start();
    app.get(
      LIVE_PATH,
      {
        websocket: true,
        schema: {
          tags: ['live'],
          summary: 'The live channel (WebSocket; protocol in docs/live.md): first message {type:"auth", token}',
          security: [{ bearerAuth: [] }],
        },
      },
      (raw, request) => {
        const socket = liveSocketOf(raw);
        const handlers = ctx.live.attach(socket.live, requestLocale(request));
        socket.onMessage((text) => handlers.message(text));
        socket.onPong(() => handlers.pong());
        socket.onClose(() => handlers.closed());
      },
    );
  };
}
