/**
 * /api/auth/passkeys: register (a signed-in member), sign in (anyone, no username), list, rename
 * and remove one's own passkeys. HTTP only; the rules are in service.ts.
 */
import {
  envelope,
  loginResponse,
  passkey,
  passkeyList,
  passkeyLoginVerifyRequest,
  passkeyOptions,
  passkeyParams,
  passkeyRegisterVerifyRequest,
  passkeyRemoved,
  passkeyRenameRequest,
} from '@moim/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../http/envelope.ts';
import { returnOrigin } from '../../../http/origin.ts';
import { ACCOUNT_LIMITS } from '../../users/index.ts';
import type { Ceremony, PasskeyService } from './service.ts';

const tags = ['auth'];

export function passkeyRoutes(ctx: AppContext, passkeys: PasskeyService) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const member = { preHandler: ctx.guards.requireAuth };
    const perIp = ctx.rateLimiter.hook(ACCOUNT_LIMITS.loginPerIp, (r: FastifyRequest) => `ip:${r.ip}`);
    // the page's own origin (PUBLIC_URL's, ALLOWED_ORIGINS, loopback in development): 400 BIZ-3005 otherwise
    const at = (r: FastifyRequest): Ceremony => ({
      origin: returnOrigin(r, ctx.config),
      ip: r.ip,
      userAgent: r.headers['user-agent'],
    });

    app.get(
      '/auth/passkeys',
      {
        ...member,
        schema: { tags, summary: 'My passkeys (and whether I could sign in without them)', response: { 200: envelope(passkeyList) } },
      },
      async (request) => ok(await passkeys.list(request.user!.id)),
    );

    app.post(
      '/auth/passkeys/register/options',
      {
        ...member,
        schema: {
          tags,
          summary: 'Begin adding a passkey: options for navigator.credentials.create()',
          description:
            'A discoverable credential with user verification, attestation "none"; the RP ID is the host name of the page’s origin. ' +
            'The challenge is single-use and valid for 5 minutes. At most 20 passkeys per account (422 BIZ-3003).',
          response: { 200: envelope(passkeyOptions) },
        },
      },
      async (request) => ok(await passkeys.registrationOptions(request.user!.id, at(request))),
    );

    app.post(
      '/auth/passkeys/register/verify',
      {
        ...member,
        schema: {
          tags,
          summary: 'Finish adding a passkey with the browser’s answer',
          description:
            'AUTH-1030: the challenge is unknown, used, expired or another member’s. AUTH-1031: the attestation does not verify ' +
            '(origin, RP ID, user verification, signature). 409 BIZ-3002: the credential is already registered.',
          body: passkeyRegisterVerifyRequest,
          response: { 201: envelope(passkey) },
        },
      },
      async (request, reply) => reply.code(201).send(ok(await passkeys.verifyRegistration(request.user!.id, request.body, at(request)))),
    );

    app.post(
      '/auth/passkeys/login/options',
      {
        schema: {
          tags,
          summary: 'Begin signing in with a passkey (no username): options for navigator.credentials.get()',
          response: { 200: envelope(passkeyOptions) },
        },
        preHandler: perIp,
      },
      async (request) => ok(await passkeys.authenticationOptions(at(request))),
    );

    app.post(
      '/auth/passkeys/login/verify',
      {
        schema: {
          tags,
          summary: 'Sign in with a passkey: the same tokens as a password login',
          description:
            'AUTH-1030 challenge unknown, used or expired (a replayed assertion); AUTH-1031 the assertion does not verify; ' +
            'AUTH-1032 the credential is not registered (or was removed); AUTH-1033 the signature counter did not move forward; ' +
            'AUTH-1006 a deactivated account. The session is marked as a passkey sign-in (multi-factor).',
          body: passkeyLoginVerifyRequest,
          response: { 200: envelope(loginResponse) },
        },
        preHandler: perIp,
        config: { errors: [401, 403] },
      },
      async (request) => ok(await passkeys.verifyAuthentication(request.body, at(request))),
    );

    app.patch(
      '/auth/passkeys/:id',
      {
        ...member,
        schema: {
          tags,
          summary: 'Rename one of my passkeys',
          params: passkeyParams,
          body: passkeyRenameRequest,
          response: { 200: envelope(passkey) },
        },
      },
      async (request) => ok(await passkeys.rename(request.user!.id, request.params.id, request.body.name)),
    );

    app.delete(
      '/auth/passkeys/:id',
      {
        ...member,
        schema: {
          tags,
          summary: 'Remove one of my passkeys',
          description: '409 AUTH-1034 when it is the account’s last way to sign in (no password, no social login, no other passkey).',
          params: passkeyParams,
          response: { 200: envelope(passkeyRemoved) },
        },
      },
      async (request) => {
        await passkeys.remove(request.user!.id, request.params.id);
        return ok({ removed: true as const });
      },
    );
  };
}
