/** The navigator's HTTP surface for visitors and members (/api/job-postings). Admin routes: admin-routes.ts. */
import {
  alertUnsubscribeBody,
  alertUnsubscribeResult,
  bookmarkState,
  correction,
  correctionInput,
  correctionPage,
  envelope,
  jobFacets,
  jobPostingDetail,
  jobPostingPage,
  jobPostingParams,
  jobPostingQuery,
  jobSearchFilters,
  jobSkillList,
  jobStats,
  pageQuery,
  recentViews,
  savedSearch,
  savedSearchInput,
  savedSearchList,
  savedSearchParams,
  savedSearchPatch,
  skillProfile,
  skillProfileInput,
  skillProfileResult,
  deletedWithId,
} from '@moim/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok, sendJson } from '../../http/envelope.ts';
import type { MemberService } from './member-service.ts';
import type { PostingService } from './posting-service.ts';

export function registerJobPostingRoutes(scope: FastifyInstance, ctx: AppContext, postings: PostingService, members: MemberService): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { requireAuth, optionalAuth } = ctx.guards;
  const tags = ['job-postings'];
  const me = ['job-postings: mine'];

  app.get(
    '/job-postings',
    {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary:
          'Search postings: filters, Korean text (partial words, 초성), sorts; each with the caller’s match when they have a skill profile',
        querystring: jobPostingQuery,
        response: { 200: envelope(jobPostingPage) },
      },
    },
    // a guest's page is the same for every guest: its JSON comes from the read cache (caches.ts)
    async (req, reply) =>
      req.user ? ok(await postings.search(req.query, req.user)) : sendJson(reply, await postings.guestSearchJson(req.query)),
  );
  app.get(
    '/job-postings/facets',
    {
      schema: {
        tags,
        summary: 'Facet counts for the same filters (each facet ignores its own filter)',
        querystring: jobSearchFilters,
        response: { 200: envelope(jobFacets) },
      },
    },
    async (req) => ok(await postings.facets(req.query)),
  );
  app.get(
    '/job-postings/stats',
    { schema: { tags, summary: 'Live counts for the /ignition hub', response: { 200: envelope(jobStats) } } },
    async () => ok(await postings.stats()),
  );
  app.get(
    '/job-postings/skills',
    { schema: { tags, summary: 'The skills catalogue with categories and aliases', response: { 200: envelope(jobSkillList) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await postings.skills());
    },
  );
  app.get(
    '/job-postings/:id',
    {
      preHandler: optionalAuth,
      schema: {
        tags,
        summary: 'One posting (recorded as recently viewed for members)',
        params: jobPostingParams,
        response: { 200: envelope(jobPostingDetail) },
      },
    },
    async (req) => ok(await postings.detail(req.params.id, req.user)),
  );
  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/job-postings/:id/bookmark',
      preHandler: requireAuth,
      schema: {
        tags: me,
        summary: on ? 'Bookmark a posting' : 'Remove a bookmark',
        params: jobPostingParams,
        response: { 200: envelope(bookmarkState) },
      },
      handler: async (req) => ok(await members.setBookmark(req.user!, req.params.id, on)),
    });
  }
  app.post(
    '/job-postings/corrections',
    {
      preHandler: requireAuth,
      schema: {
        tags: me,
        summary: 'Report a data error, a closed posting, a missing company …',
        body: correctionInput,
        response: { 201: envelope(correction) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await members.report(req.user!, req.body));
    },
  );
  app.post(
    '/job-postings/alerts/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Turn off a saved search’s mail alert (the link in the mail; no login)',
        body: alertUnsubscribeBody,
        response: { 200: envelope(alertUnsubscribeResult) },
      },
    },
    async (req) => ok(await members.unsubscribe(req.body.id, req.body.token)),
  );

  // --- mine ----------------------------------------------------------------------------------
  app.get(
    '/job-postings/me/profile',
    {
      preHandler: requireAuth,
      schema: { tags: me, summary: 'My skill profile (null until saved)', response: { 200: envelope(skillProfileResult) } },
    },
    async (req) => ok({ profile: await members.profile(req.user!) }),
  );
  app.put(
    '/job-postings/me/profile',
    {
      preHandler: requireAuth,
      schema: { tags: me, summary: 'Save my skill profile', body: skillProfileInput, response: { 200: envelope(skillProfile) } },
    },
    async (req) => ok(await members.saveProfile(req.user!, req.body)),
  );
  app.get(
    '/job-postings/me/bookmarks',
    {
      preHandler: requireAuth,
      schema: {
        tags: me,
        summary: 'My bookmarked postings, newest first',
        querystring: pageQuery,
        response: { 200: envelope(jobPostingPage) },
      },
    },
    async (req) => ok(await members.bookmarks(req.user!, req.query)),
  );
  app.get(
    '/job-postings/me/recent',
    { preHandler: requireAuth, schema: { tags: me, summary: 'Postings I viewed recently', response: { 200: envelope(recentViews) } } },
    async (req) => ok(await members.recent(req.user!)),
  );
  app.get(
    '/job-postings/me/saved-searches',
    { preHandler: requireAuth, schema: { tags: me, summary: 'My saved searches', response: { 200: envelope(savedSearchList) } } },
    async (req) => ok(await members.savedSearches(req.user!)),
  );
  app.post(
    '/job-postings/me/saved-searches',
    {
      preHandler: requireAuth,
      schema: {
        tags: me,
        summary: 'Save a search (daily mail alert on by default)',
        body: savedSearchInput,
        response: { 201: envelope(savedSearch) },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return ok(await members.createSavedSearch(req.user!, req.body));
    },
  );
  app.patch(
    '/job-postings/me/saved-searches/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: me,
        summary: 'Rename a saved search or switch its alert',
        params: savedSearchParams,
        body: savedSearchPatch,
        response: { 200: envelope(savedSearch) },
      },
    },
    async (req) => ok(await members.patchSavedSearch(req.user!, req.params.id, req.body)),
  );
  app.delete(
    '/job-postings/me/saved-searches/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: me,
        summary: 'Delete a saved search',
        params: savedSearchParams,
        response: { 200: envelope(deletedWithId) },
      },
    },
    async (req) => {
      await members.deleteSavedSearch(req.user!, req.params.id);
      return ok({ id: req.params.id, deleted: true as const });
    },
  );
  app.get(
    '/job-postings/me/corrections',
    {
      preHandler: requireAuth,
      schema: {
        tags: me,
        summary: 'Corrections I sent, with their status',
        querystring: pageQuery,
        response: { 200: envelope(correctionPage) },
      },
    },
    async (req) => ok(await members.myCorrections(req.user!, req.query)),
  );
}
