/** /api/users/me/email (ask for an e-mail change) and its confirmation from the new address (email-change.ts). */
import { emailChangeConfirm, emailChangeConfirmed, emailChangeRequest, emailChangeRequested, envelope } from '@moim/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import type { EmailChangeService } from './email-change.ts';
import { ACCOUNT_LIMITS } from './rate-limits.ts';
import type { UsersDeps } from './deps.ts';

export function emailChangeRoutes(ctx: AppContext, change: EmailChangeService, deps: UsersDeps) {
  return (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const limit = ctx.rateLimiter;
    const passwordCheck = limit.hook(ACCOUNT_LIMITS.passwordCheckPerUser, (r) => `u:${r.user!.id}`);
    const stepUp = async (request: FastifyRequest) => deps.credentials.requireRecentProof(request.user!);

    app.post(
      '/users/me/email',
      {
        schema: {
          tags: ['users'],
          summary: 'Ask to change the e-mail: a confirmation link goes to the new address, a notice to the current one',
          description:
            'Needs a proof of identity within the last 5 minutes (else 403 AUTH-1023) and the password (accounts without one: the step-up alone); ' +
            'wrong password AUTH-1001; the same address VAL-2001; an address already registered 409 VAL-2005. ' +
            'Nothing changes until the link is opened; a newer request supersedes an older link.',
          security: [{ bearerAuth: [] }],
          body: emailChangeRequest,
          response: { 202: envelope(emailChangeRequested) },
        },
        preHandler: [ctx.guards.requireAuth, stepUp, passwordCheck],
      },
      async (request, reply) => reply.code(202).send(ok(await change.request(request.user!, request.body))),
    );

    app.post(
      '/users/me/email/confirm',
      {
        schema: {
          tags: ['users'],
          summary: 'Confirm an e-mail change with the token from the link mailed to the new address',
          description:
            'The token is the credential (the link may be opened signed out, on another device). Unknown, used, superseded or expired: ' +
            '400 AUTH-1025; the address taken meanwhile: 409 VAL-2005. Sessions stay.',
          body: emailChangeConfirm,
          response: { 200: envelope(emailChangeConfirmed) },
        },
        config: { errors: [409] },
        preHandler: limit.hook(ACCOUNT_LIMITS.emailChangeConfirmPerIp, (r) => `ip:${r.ip}`),
      },
      async (request) => ok(await change.confirm(request.body.token)),
    );
  };
}
