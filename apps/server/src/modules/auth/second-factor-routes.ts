/**
 * /api/auth/second-factor* and /api/auth/step-up: the second factor (TOTP + recovery codes), the
 * login's second step and step-up (second-factor.ts; docs/accounts-factors.md "Second factor"). Mounted
 * inside the auth routes' scope (tokens and codes are never cached).
 */
import {
  envelope,
  loginResponse,
  recoveryCodes,
  secondFactorLoginRequest,
  secondFactorRemoved,
  secondFactorStatus,
  stepUpDone,
  stepUpRequest,
  totpConfirmRequest,
  totpSetup,
} from '@moim/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { ACCOUNT_LIMITS } from '../users/index.ts';
import type { SecondFactorService } from './second-factor.ts';

const bearer = [{ bearerAuth: [] }];
const STEP_UP_NOTE = 'Needs a proof of identity (login or POST /api/auth/step-up) within the last 5 minutes, else 403 AUTH-1023.';

export function secondFactorRoutes(ctx: AppContext, factor: SecondFactorService) {
  return async (scope: FastifyInstance) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const limit = ctx.rateLimiter;
    const ip = (r: FastifyRequest) => `ip:${r.ip}`;
    const perUser = limit.hook(ACCOUNT_LIMITS.passwordCheckPerUser, (r) => `u:${r.user!.id}`);
    const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers['user-agent'] });

    app.post(
      '/auth/second-factor/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Second step of a login: the challenge from AUTH-1020 and a TOTP or recovery code',
          description:
            'Wrong code AUTH-1021 (the challenge takes 5 wrong codes, then AUTH-1003); a code is accepted once (a replay is a wrong code); ' +
            'a recovery code works once; expired challenge AUTH-1002, used or unknown AUTH-1003. ' +
            'Guesses share the login throttle per account and address (429 BIZ-3004 with Retry-After).',
          body: secondFactorLoginRequest,
          response: { 200: envelope(loginResponse) },
        },
        preHandler: limit.hook(ACCOUNT_LIMITS.loginPerIp, ip),
      },
      async (request) => ok(await factor.completeLogin(request.body.challengeToken, request.body.code, meta(request))),
    );

    app.get(
      '/auth/second-factor',
      {
        schema: {
          tags: ['auth'],
          summary: 'The caller’s second factor: on or off, recovery codes left, whether it is required, step-up freshness',
          security: bearer,
          response: { 200: envelope(secondFactorStatus) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await factor.status(request.user!)),
    );

    app.post(
      '/auth/second-factor/totp/setup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Start TOTP enrolment: a new secret (text and otpauth URI for the QR code), pending until confirmed',
          description: `${STEP_UP_NOTE} Already on: 409 BIZ-3002.`,
          security: bearer,
          response: { 200: envelope(totpSetup) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await factor.startTotp(request.user!)),
    );

    app.post(
      '/auth/second-factor/totp/confirm',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm TOTP enrolment with a code: turns it on, answers 10 recovery codes (shown once), ends other sessions',
          description: 'Wrong code AUTH-1021; nothing pending or already on: 409 BIZ-3002.',
          security: bearer,
          body: totpConfirmRequest,
          response: { 200: envelope(recoveryCodes) },
        },
        preHandler: [ctx.guards.requireAuth, perUser],
      },
      async (request) => ok(await factor.confirmTotp(request.user!, request.body.code)),
    );

    app.post(
      '/auth/second-factor/recovery-codes',
      {
        schema: {
          tags: ['auth'],
          summary: 'Replace the recovery codes with 10 new ones (the old ones stop working)',
          description: `${STEP_UP_NOTE} Factor off: 409 BIZ-3002.`,
          security: bearer,
          response: { 200: envelope(recoveryCodes) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => ok(await factor.regenerateRecoveryCodes(request.user!)),
    );

    app.delete(
      '/auth/second-factor',
      {
        schema: {
          tags: ['auth'],
          summary: 'Turn the second factor off (and drop its recovery codes)',
          description: `${STEP_UP_NOTE} An admin without a factor then gets AUTH-1022 on admin routes.`,
          security: bearer,
          response: { 200: envelope(secondFactorRemoved) },
        },
        preHandler: ctx.guards.requireAuth,
      },
      async (request) => {
        await factor.disable(request.user!);
        return ok({ enabled: false as const });
      },
    );

    app.post(
      '/auth/step-up',
      {
        schema: {
          tags: ['auth'],
          summary: 'Prove who you are again (password or second-factor code): sensitive acts pass for 5 minutes',
          description: 'Wrong password AUTH-1001, wrong code AUTH-1021; throttled per account and address like a login.',
          security: bearer,
          body: stepUpRequest,
          response: { 200: envelope(stepUpDone) },
        },
        preHandler: [ctx.guards.requireAuth, perUser],
      },
      async (request) => ok(await factor.stepUp(request.user!, request.body, request.ip)),
    );
  };
}
