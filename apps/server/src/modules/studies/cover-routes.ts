/**
 * Study cover images: PUT/DELETE /api/studies/{id}/cover (the leader or an admin) and
 * GET /api/public/studies/{id}/cover (the processed webp, cached; immutable with ?v=<version>).
 */
import { envelope, study, studyCoverBody, studyCoverQuery, studyIdParams } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';
import { sendImage } from '../../images/serve.ts';

/** A picture of up to 5 MB as base64 (~6.7 MB) plus the file name. */
const COVER_BODY_LIMIT = 8 * 1024 * 1024;
const COVER_LIMIT = { name: 'studies.cover', limit: 30, windowMs: 60 * 60_000 };

export function registerCoverRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['studies'];

  app.put(
    '/studies/:id/cover',
    {
      bodyLimit: COVER_BODY_LIMIT,
      preHandler: [ctx.guards.requireAuth, ctx.rateLimiter.perCaller(COVER_LIMIT)],
      schema: {
        tags,
        summary: 'Upload or replace the cover image (leader or admin; processed after the answer)',
        description:
          'base64 of a PNG, JPEG, WebP or GIF of at most 5 MB whose bytes match mimeType (VAL-2002 otherwise, VAL-2004 too big); ' +
          'another user gets 403 AUTH-1004. The answer says coverImageStatus PENDING (coverImage keeps the previous cover); ' +
          'once processed the study reads READY and coverImage is the 1280×720 webp URL, coverImageThumb the 640×360 one.',
        params: studyIdParams,
        body: studyCoverBody,
        response: { 200: envelope(study) },
      },
    },
    async (req) => ok(await s.covers.upload(req.params.id, req.user!, req.body)),
  );

  app.delete(
    '/studies/:id/cover',
    {
      preHandler: ctx.guards.requireAuth,
      schema: {
        tags,
        summary: 'Remove the cover image (leader or admin): the web shows the generated cover again',
        params: studyIdParams,
        response: { 200: envelope(study) },
      },
    },
    async (req) => ok(await s.covers.remove(req.params.id, req.user!)),
  );

  app.get(
    '/public/studies/:id/cover',
    {
      schema: {
        tags,
        summary: 'A study’s cover image (webp, 1280×720 or 640×360). With ?v=<current version> it is cached as immutable.',
        description: 'A deleted (or unknown) study answers 404 BIZ-3001 (study not found), as does a study without a cover.',
        params: studyIdParams,
        querystring: studyCoverQuery,
      },
    },
    async (req, reply) => {
      return sendImage(req, reply, await s.covers.image(req.params.id, req.query.size), req.query.v);
    },
  );
}
