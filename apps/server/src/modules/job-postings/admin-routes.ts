/** The navigator's back office (/api/admin/job-postings, ROLE_ADMIN): postings, sources, import runs, corrections. */
import {
  correction,
  correctionListQuery,
  correctionParams,
  correctionPage,
  correctionStatusBody,
  envelope,
  importRun,
  importRunItemPage,
  importRunItemsQuery,
  importRunPage,
  importRunParams,
  importSource,
  importSourceInput,
  importSourceList,
  importSourceParams,
  importSourcePatch,
  importUploadInput,
  IMPORT_UPLOAD_MAX_BYTES,
  jobPostingDetail,
  jobPostingInput,
  jobPostingParams,
  pageQuery,
  deletedWithId,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { requestLocale } from '../../http/locale.ts';
import type { AdminService } from './admin-service.ts';
import type { ImportService } from './import-service.ts';
import type { SecurityLog } from '../security-log/index.ts';

export function registerJobPostingAdminRoutes(
  scope: FastifyInstance,
  ctx: AppContext,
  admin: AdminService,
  imports: ImportService,
  securityLog: Pick<SecurityLog, 'record'>,
): void {
  /** A feed source added, changed or deleted: the names of what changed, not the values. */
  const configChanged = (adminId: string, id: string, change: string, fields: string[] = []) =>
    securityLog.record({
      action: 'admin.config.changed',
      actor: adminId,
      subjectId: null,
      target: { kind: 'job_import_source', id },
      details: { setting: 'job_import_source', change, fields },
    });
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const guard = ctx.guards.requireRole('ROLE_ADMIN');
  const tags = ['admin: job-postings'];
  const base = '/admin/job-postings';

  app.post(
    `${base}/postings`,
    {
      preHandler: guard,
      schema: { tags, summary: 'Add one posting', body: jobPostingInput, response: { 201: envelope(jobPostingDetail) } },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await admin.createPosting(req.user!, req.body));
    },
  );
  app.put(
    `${base}/postings/:id`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Edit one posting (close it with active=false)',
        params: jobPostingParams,
        body: jobPostingInput,
        response: { 200: envelope(jobPostingDetail) },
      },
    },
    async (req) => ok(await admin.editPosting(req.user!, req.params.id, req.body)),
  );

  app.get(
    `${base}/sources`,
    { preHandler: guard, schema: { tags, summary: 'Feed sources', response: { 200: envelope(importSourceList) } } },
    async (req) => ok(await admin.sources(req.user!)),
  );
  app.post(
    `${base}/sources`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a feed source (JSON of postings, or RSS/Atom of a careers page)',
        body: importSourceInput,
        response: { 201: envelope(importSource) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      const source = await admin.createSource(req.user!, req.body);
      await configChanged(req.user!.id, source.id, 'added', Object.keys(req.body));
      return ok(source);
    },
  );
  app.patch(
    `${base}/sources/:id`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Change a feed source',
        params: importSourceParams,
        body: importSourcePatch,
        response: { 200: envelope(importSource) },
      },
    },
    async (req) => {
      const source = await admin.patchSource(req.user!, req.params.id, req.body);
      await configChanged(req.user!.id, req.params.id, 'updated', Object.keys(req.body));
      return ok(source);
    },
  );
  app.delete(
    `${base}/sources/:id`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete a feed source (its postings and runs stay)',
        params: importSourceParams,
        response: { 200: envelope(deletedWithId) },
      },
    },
    async (req) => {
      await admin.deleteSource(req.user!, req.params.id);
      await configChanged(req.user!.id, req.params.id, 'deleted');
      return ok({ id: req.params.id, deleted: true as const });
    },
  );
  app.post(
    `${base}/sources/:id/run`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Import a source now (queued as a job)',
        params: importSourceParams,
        response: { 202: envelope(importRun) },
      },
    },
    async (req, reply) => {
      reply.code(202);
      return ok(await admin.runSource(req.user!, req.params.id));
    },
  );

  app.post(
    `${base}/imports`,
    {
      preHandler: guard,
      bodyLimit: IMPORT_UPLOAD_MAX_BYTES * 2 + 64 * 1024,
      schema: {
        tags,
        summary: 'Import an uploaded CSV or JSON file (queued as a job)',
        body: importUploadInput,
        response: { 202: envelope(importRun) },
      },
    },
    async (req, reply) => {
      reply.code(202);
      return ok(await imports.upload(req.user!, req.body));
    },
  );
  app.get(
    `${base}/runs`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Import runs, newest first',
        querystring: pageQuery.extend({ sourceId: z.uuid().optional() }),
        response: { 200: envelope(importRunPage) },
      },
    },
    async (req) => ok(await imports.list(req.query, requestLocale(req))),
  );
  app.get(
    `${base}/runs/:id`,
    {
      preHandler: guard,
      schema: { tags, summary: 'One run with its counts', params: importRunParams, response: { 200: envelope(importRun) } },
    },
    async (req) => ok(await imports.get(req.params.id, requestLocale(req))),
  );
  app.get(
    `${base}/runs/:id/items`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'A run’s report per item (filter by outcome)',
        params: importRunParams,
        querystring: importRunItemsQuery,
        response: { 200: envelope(importRunItemPage) },
      },
    },
    async (req) => ok(await imports.items(req.params.id, req.query, requestLocale(req))),
  );

  app.get(
    `${base}/corrections`,
    {
      preHandler: guard,
      schema: { tags, summary: 'Corrections from members', querystring: correctionListQuery, response: { 200: envelope(correctionPage) } },
    },
    async (req) => ok(await admin.corrections(req.user!, req.query)),
  );
  app.patch(
    `${base}/corrections/:id`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Move a correction (OPEN → IN_REVIEW → RESOLVED | REJECTED)',
        params: correctionParams,
        body: correctionStatusBody,
        response: { 200: envelope(correction) },
      },
    },
    async (req) => ok(await admin.moveCorrection(req.user!, req.params.id, req.body, requestLocale(req))),
  );
}
