/**
 * The signed-in member's data exports: /api/users/me/data-exports (ask for one, list them) and
 * /api/users/me/data-exports/:id/download (the zip, behind a fresh proof of identity).
 */
import { dataExport, dataExportIdParam, dataExportList, envelope } from '@moim/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StepUp } from './ports.ts';
import type { DataExportService } from './service.ts';

const bearer = [{ bearerAuth: [] }];
const tags = ['privacy'];

export function privacyRoutes(ctx: AppContext, exports: DataExportService, stepUp: StepUp) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    const requireRecentProof = async (request: FastifyRequest) => stepUp.requireRecentProof(request.user!);

    app.post(
      '/users/me/data-exports',
      {
        schema: {
          tags,
          summary: 'Ask for an export of everything moim holds about me (a zip of JSON files, prepared by a job)',
          description:
            '202 with a new PENDING export; 200 with the one already pending (asking again does no duplicate work). ' +
            'When it is ready the member gets a notice and a mail; it can be downloaded for 7 days.',
          security: bearer,
          response: { 200: envelope(dataExport), 202: envelope(dataExport) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request, reply) => {
        const r = await exports.request(request.user!.id);
        reply.code(r.created ? 202 : 200);
        return ok(r.export);
      },
    );

    app.get(
      '/users/me/data-exports',
      {
        schema: {
          tags,
          summary: 'My data exports, newest first (the last five)',
          security: bearer,
          response: { 200: envelope(dataExportList) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await exports.list(request.user!.id)),
    );

    app.get(
      '/users/me/data-exports/:id/download',
      {
        schema: {
          tags,
          summary: 'Download my export (application/zip)',
          description:
            'Needs a proof of identity (login or POST /api/auth/step-up) within the last 5 minutes, else 403 AUTH-1023. ' +
            'Someone else’s export answers 404 BIZ-3001; one still being prepared 409 AUTH-1040; one past its 7 days 409 AUTH-1041.',
          security: bearer,
          params: dataExportIdParam,
        },
        config: { errors: [409] },
        preHandler: [ctx.guards.requireAuth, requireRecentProof],
      },
      async (request, reply) => {
        const file = await exports.download(request.user!.id, request.params.id);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('content-length', file.bytes.length)
          .send(file.bytes);
      },
    );
  };
}
