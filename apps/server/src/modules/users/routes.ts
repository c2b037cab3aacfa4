/**
 * /api/users (sign-up, the signed-in user's profile and account), /api/public/users (team page,
 * profile pictures) and the accounts back office under /api/admin (users, mail outbox).
 * Built by `createUsersModule` (index.ts).
 */
import {
  accountConfirmRequest,
  accountDeactivated,
  accountDeleted,
  adminUser,
  adminUserIdParam,
  adminUserListQuery,
  adminUserPage,
  changePasswordRequest,
  checkEmailRequest,
  checkEmailResponse,
  envelope,
  loginResponse,
  mailOutboxPage,
  mailOutboxQuery,
  passwordChanged,
  profile,
  profileImageQuery,
  publicUserIdParam,
  registerRequest,
  setRolesRequest,
  setTeamMemberRequest,
  updateProfileRequest,
  whoweareMembers,
} from '@moim/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { ACCOUNT_LIMITS } from './rate-limits.ts';
import type { UsersDeps } from './deps.ts';
import type { UsersModuleService } from './service.ts';
import { sendImage } from '../../images/serve.ts';

const bearer = [{ bearerAuth: [] }];
/** PUT /api/users/me carries a picture of up to 5 MB as base64 (~6.7 MB) plus the fields. */
const PROFILE_BODY_LIMIT = 8 * 1024 * 1024;

export function usersRoutes(ctx: AppContext, users: UsersModuleService, deps: UsersDeps) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();

    // personal data is never cached; public routes set their own cache-control
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });

    const limit = ctx.rateLimiter;
    const ip = (r: FastifyRequest) => `ip:${r.ip}`;
    const admin = ctx.guards.requireRole('ROLE_ADMIN');
    const passwordCheck = limit.hook(ACCOUNT_LIMITS.passwordCheckPerUser, (r) => `u:${r.user!.id}`);
    // step-up (docs/accounts-factors.md "Second factor"): a proof of identity within the last 5 minutes, else AUTH-1023
    const stepUp = async (request: FastifyRequest) => deps.credentials.requireRecentProof(request.user!);
    // deleting with the password in the body is itself the proof (the service checks it); without one, step-up
    const stepUpUnlessPassword = async (request: FastifyRequest) => {
      if ((request.body as { password?: string } | undefined)?.password === undefined) await stepUp(request);
    };

    app.post(
      '/users/register',
      {
        schema: {
          tags: ['users'],
          summary: 'Sign up (answers 201 with the login response: the new user is signed in)',
          description:
            'Password: 8–128 characters, not a common password (VAL-2001). Email taken: VAL-2005; username taken: VAL-2008. ' +
            'Limit: 10 sign-ups per IP per hour.',
          body: registerRequest,
          response: { 201: envelope(loginResponse) },
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.registerPerIp, ip),
      },
      async (request, reply) => {
        const b = request.body;
        const created = await users.createUser({
          email: b.email,
          password: b.password,
          name: b.name,
          username: b.username ?? null,
          locale: b.locale,
        });
        const session = await deps.credentials.openSession(created, {
          method: 'register',
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        await users.recordLogin(created.id);
        ctx.log.info({ userId: created.id }, 'account registered');
        return reply.code(201).send(ok(session));
      },
    );

    app.post(
      '/users/check-email',
      {
        schema: {
          tags: ['users'],
          summary: 'Is this email still free to sign up with?',
          description: 'Limit: 30 checks per IP per minute.',
          body: checkEmailRequest,
          response: { 200: envelope(checkEmailResponse) },
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.checkEmailPerIp, ip),
      },
      async (request) => ok({ available: await users.emailAvailable(request.body.email) }),
    );

    app.get(
      '/users/me',
      {
        schema: { tags: ['users'], summary: 'The signed-in user’s profile', security: bearer, response: { 200: envelope(profile) } },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await users.profile(request.user!)),
    );

    app.put(
      '/users/me',
      {
        bodyLimit: PROFILE_BODY_LIMIT,
        schema: {
          tags: ['users'],
          summary: 'Update the profile (and optionally the picture, processed after the answer)',
          description:
            'profileImageData: PNG, JPEG, WebP or GIF, at most 5 MB, bytes matching mimeType (VAL-2002 otherwise, VAL-2004 too big). ' +
            'The answer says profileImageStatus PENDING; poll GET /api/users/me until READY (profileImage is then the URL).',
          security: bearer,
          body: updateProfileRequest,
          response: { 200: envelope(profile) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await users.updateProfile(request.user!, request.body)),
    );

    app.put(
      '/users/me/password',
      {
        schema: {
          tags: ['users'],
          summary: 'Change the password (current one required); every other session is revoked',
          description: 'Needs a proof of identity within the last 5 minutes (login or POST /api/auth/step-up), else 403 AUTH-1023.',
          security: bearer,
          body: changePasswordRequest,
          response: { 200: envelope(passwordChanged) },
        },
        preHandler: [ctx.guards.requireAuth, stepUp, passwordCheck],
      },
      async (request) => ok(await users.changePassword(request.user!, request.body.currentPassword, request.body.newPassword)),
    );

    app.post(
      '/users/me/deactivate',
      {
        schema: {
          tags: ['users'],
          summary: 'Deactivate the account (no login until an admin reactivates it; nothing deleted)',
          security: bearer,
          body: accountConfirmRequest,
          response: { 200: envelope(accountDeactivated) },
        },
        preHandler: [ctx.guards.requireAuth, passwordCheck],
      },
      async (request) => ok(await users.deactivateSelf(request.user!, request.body)),
    );

    app.delete(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'Delete the account: personal data erased, the row kept anonymised',
          security: bearer,
          body: accountConfirmRequest,
          response: { 200: envelope(accountDeleted) },
        },
        preHandler: [ctx.guards.requireAuth, passwordCheck, stepUpUnlessPassword],
      },
      async (request) => ok(await users.deleteSelf(request.user!, request.body ?? {})),
    );

    // --- public ----------------------------------------------------------------------------------

    app.get(
      '/public/users/whoweare-members',
      { schema: { tags: ['users'], summary: 'The team shown on /whoweare (no emails)', response: { 200: envelope(whoweareMembers) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=60');
        return ok(await users.whoweare());
      },
    );

    app.get(
      '/public/users/:id/image',
      {
        schema: {
          tags: ['users'],
          summary: 'A profile picture (webp). With ?v=<current version> it is cached as immutable.',
          description: 'A deleted (탈퇴) or unknown account answers 404 BIZ-3001, as does one without a picture.',
          params: publicUserIdParam,
          querystring: profileImageQuery,
        },
      },
      async (request, reply) => {
        return sendImage(request, reply, await users.image(request.params.id, request.query.size), request.query.v);
      },
    );

    // --- back office ------------------------------------------------------------------------------

    app.get(
      '/admin/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Users, newest first (search by email, name or username)',
          security: bearer,
          querystring: adminUserListQuery,
          response: { 200: envelope(adminUserPage) },
        },
        preHandler: admin,
      },
      async (request) => {
        const page = await users.adminList(request.query);
        await deps.securityLog.record({
          action: 'admin.read.users',
          actor: request.user!.id,
          subjectId: null,
          target: { kind: 'users', id: 'list' },
          details: { query: request.query.q ? deps.securityLog.mask.email(request.query.q) : null, shown: page.content.length },
        });
        return ok(page);
      },
    );

    app.get(
      '/admin/users/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'One user',
          security: bearer,
          params: adminUserIdParam,
          response: { 200: envelope(adminUser) },
        },
        preHandler: admin,
      },
      async (request) => {
        const found = await users.adminGet(request.params.id);
        const id = request.params.id;
        await deps.securityLog.record({ action: 'admin.read.user', actor: request.user!.id, subjectId: id, target: { kind: 'user', id } });
        return ok(found);
      },
    );

    app.put(
      '/admin/users/:id/team-member',
      {
        schema: {
          tags: ['admin'],
          summary: 'Show the user on /whoweare with this team profile',
          security: bearer,
          params: adminUserIdParam,
          body: setTeamMemberRequest,
          response: { 200: envelope(adminUser) },
        },
        preHandler: admin,
      },
      async (request) => ok(await users.setTeamMember(request.params.id, request.body, request.user!)),
    );

    app.delete(
      '/admin/users/:id/team-member',
      {
        schema: {
          tags: ['admin'],
          summary: 'Remove the user from /whoweare',
          security: bearer,
          params: adminUserIdParam,
          response: { 200: envelope(adminUser) },
        },
        preHandler: admin,
      },
      async (request) => ok(await users.removeTeamMember(request.user!, request.params.id)),
    );

    app.put(
      '/admin/users/:id/roles',
      {
        schema: {
          tags: ['admin'],
          summary: 'Grant or revoke ROLE_ADMIN (ROLE_USER always stays)',
          security: bearer,
          params: adminUserIdParam,
          body: setRolesRequest,
          response: { 200: envelope(adminUser) },
        },
        preHandler: [admin, stepUp],
      },
      async (request) => ok(await users.adminSetRoles(request.user!, request.params.id, request.body.roles)),
    );

    app.post(
      '/admin/users/:id/deactivate',
      {
        schema: {
          tags: ['admin'],
          summary: 'Deactivate an account (its sessions are revoked)',
          security: bearer,
          params: adminUserIdParam,
          response: { 200: envelope(adminUser) },
        },
        preHandler: admin,
      },
      async (request) => ok(await users.adminSetStatus(request.user!, request.params.id, 'DEACTIVATED')),
    );

    app.post(
      '/admin/users/:id/reactivate',
      {
        schema: {
          tags: ['admin'],
          summary: 'Reactivate a deactivated account',
          security: bearer,
          params: adminUserIdParam,
          response: { 200: envelope(adminUser) },
        },
        preHandler: admin,
      },
      async (request) => ok(await users.adminSetStatus(request.user!, request.params.id, 'ACTIVE')),
    );

    app.get(
      '/admin/mail/outbox',
      {
        schema: {
          tags: ['admin'],
          summary: 'Mail written to the outbox (the default mail provider), newest first',
          security: bearer,
          querystring: mailOutboxQuery,
          response: { 200: envelope(mailOutboxPage) },
        },
        preHandler: admin,
      },
      async (request) => {
        const page = await deps.mail.outbox(request.query);
        const to = request.query.to;
        await deps.securityLog.record({
          action: 'admin.read.mail_outbox',
          actor: request.user!.id,
          subjectId: null,
          target: { kind: 'mail_outbox', id: to ? deps.securityLog.mask.email(to) : 'all' },
          details: { shown: page.content.length },
        });
        return ok(page);
      },
    );
  };
}
