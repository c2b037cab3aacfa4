/** The studio's HTTP surface under /api/studio (docs/studio.md "API"). */
import {
  envelope,
  pageQuery,
  studioAnalysis,
  studioCompareQuery,
  studioComparison,
  studioDocument,
  studioDocumentList,
  studioDocumentSummary,
  studioDraft,
  studioDraftInput,
  studioIdParams,
  studioQuota,
  studioRevision,
  studioSubmission,
  studioSubmitResult,
  studioTrialRequest,
  studioTrialResult,
  deletedResult,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/app-error.ts';
import type { StudioService } from './service.ts';
import type { TrialService } from './trials.ts';

const trialHeaders = z.object({ 'x-studio-trial-token': z.string().max(100).optional() });

export function registerStudioRoutes(scope: FastifyInstance, ctx: AppContext, studio: StudioService, trials: TrialService): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['studio'];
  const auth = ctx.guards.requireAuth;

  app.get(
    '/studio/quota',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: "Today's analyses: used, remaining, next reset (00:00 Asia/Seoul)",
        response: { 200: envelope(studioQuota) },
      },
    },
    async (req) => ok(await studio.quota(req.user!)),
  );

  app.post(
    '/studio/analyses',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Analyse a text or a URL (uses one of 5 daily analyses; the same URL within 24 h returns the earlier one)',
        body: studioSubmission,
        response: { 200: envelope(studioSubmitResult), 201: envelope(studioSubmitResult) },
      },
    },
    async (req, reply) => {
      const r = await studio.submit(req.user!, req.body);
      reply.code(r.reused ? 200 : 201);
      return ok(r);
    },
  );

  app.get(
    '/studio/analyses/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'An analysis with its status and, when done, the result',
        params: studioIdParams,
        response: { 200: envelope(studioAnalysis) },
      },
    },
    async (req) => ok(await studio.analysis(req.user!, req.params.id)),
  );

  app.get(
    '/studio/documents',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'My documents, most recently changed first',
        querystring: pageQuery,
        response: { 200: envelope(studioDocumentList) },
      },
    },
    async (req) => ok(await studio.documents(req.user!, req.query)),
  );

  app.get(
    '/studio/documents/:id',
    {
      preHandler: auth,
      schema: { tags, summary: 'A document with all its versions', params: studioIdParams, response: { 200: envelope(studioDocument) } },
    },
    async (req) => ok(await studio.document(req.user!, req.params.id)),
  );

  app.delete(
    '/studio/documents/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Delete a document and its versions',
        params: studioIdParams,
        response: { 200: envelope(deletedResult) },
      },
    },
    async (req) => {
      await studio.deleteDocument(req.user!, req.params.id);
      return ok({ deleted: true as const });
    },
  );

  app.post(
    '/studio/documents/:id/analyses',
    {
      preHandler: auth,
      schema: {
        tags,
        summary:
          'Re-analyse a revised version (uses one daily analysis; an unchanged text and settings return the latest version with 200 and use none)',
        params: studioIdParams,
        body: studioRevision,
        response: { 200: envelope(studioSubmitResult), 201: envelope(studioSubmitResult) },
      },
    },
    async (req, reply) => {
      const r = await studio.revise(req.user!, req.params.id, req.body);
      reply.code(r.reused ? 200 : 201);
      return ok(r);
    },
  );

  app.get(
    '/studio/documents/:id/draft',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'My unsaved work on a document (working text, decisions, settings), or null',
        params: studioIdParams,
        response: { 200: envelope(studioDraft.nullable()) },
      },
    },
    async (req) => ok(await studio.draft(req.user!, req.params.id)),
  );

  app.put(
    '/studio/documents/:id/draft',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Save my unsaved work on a document (replaced whole; the next saved version ends it)',
        params: studioIdParams,
        body: studioDraftInput,
        response: { 200: envelope(studioDraft) },
      },
    },
    async (req) => ok(await studio.saveDraft(req.user!, req.params.id, req.body)),
  );

  app.delete(
    '/studio/documents/:id/draft',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Discard my unsaved work on a document',
        params: studioIdParams,
        response: { 200: envelope(deletedResult) },
      },
    },
    async (req) => {
      await studio.discardDraft(req.user!, req.params.id);
      return ok({ deleted: true as const });
    },
  );

  app.get(
    '/studio/documents/:id/compare',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Two versions side by side: ratings and resolved findings',
        params: studioIdParams,
        querystring: studioCompareQuery,
        response: { 200: envelope(studioComparison) },
      },
    },
    async (req) => ok(await studio.compare(req.user!, req.params.id, req.query.from, req.query.to)),
  );

  app.post(
    '/studio/trials',
    {
      preHandler: ctx.guards.optionalAuth,
      schema: {
        tags,
        summary: 'A guest’s one trial analysis (by e-mail, with consent to get the result by mail)',
        body: studioTrialRequest,
        response: { 201: envelope(studioTrialResult) },
      },
    },
    async (req, reply) => {
      if (req.user) throw new AppError('BIZ-3002', 'studio.signedInTrial', { reason: 'SIGNED_IN' });
      reply.code(201);
      return ok(await trials.start(req.body, req.ip));
    },
  );

  app.get(
    '/studio/trials/:id',
    {
      schema: {
        tags,
        summary: 'Progress and result of a trial (header x-studio-trial-token)',
        params: studioIdParams,
        headers: trialHeaders,
        response: { 200: envelope(studioAnalysis) },
      },
    },
    async (req) => ok(await trials.get(req.params.id, req.headers['x-studio-trial-token'])),
  );

  app.post(
    '/studio/trials/:id/claim',
    {
      preHandler: auth,
      schema: {
        tags,
        summary: 'Move my trial document into my history after logging in',
        params: studioIdParams,
        headers: trialHeaders,
        response: { 200: envelope(studioDocumentSummary) },
      },
    },
    async (req) => ok(await trials.claim(req.user!, req.params.id, req.headers['x-studio-trial-token'])),
  );
}
