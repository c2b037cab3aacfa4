/** A study's composed page: read (published, or the draft for its editors), save draft, publish. */
import { envelope, studyIdParams, studyPageContent, studyPageDraftBody, studyPageQuery } from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { StudyServices } from './service.ts';

export function registerPageRoutes(scope: FastifyInstance, ctx: AppContext, s: StudyServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, optionalAuth } = ctx.guards;
  const tags = ['study pages'];

  app.get(
    '/studies/:id/page',
    {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary: 'The published page (?draft=true: the draft, for its editors)',
        params: studyIdParams,
        querystring: studyPageQuery,
        response: { 200: envelope(studyPageContent) },
      },
    },
    async (req) => ok(await s.pages.get(req.params.id, req.user, req.query.draft ?? false)),
  );

  app.put(
    '/studies/:id/page/draft',
    {
      preHandler: requireAuth,
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: 'Save the draft (rich text sanitized)',
        params: studyIdParams,
        body: studyPageDraftBody,
        response: { 200: envelope(studyPageContent) },
      },
    },
    async (req) => ok(await s.pages.saveDraft(req.params.id, req.user!, req.body.sections)),
  );

  app.post(
    '/studies/:id/page/publish',
    {
      preHandler: requireAuth,
      schema: { tags, summary: 'Publish the draft', params: studyIdParams, response: { 200: envelope(studyPageContent) } },
    },
    async (req) => ok(await s.pages.publish(req.params.id, req.user!)),
  );
}
