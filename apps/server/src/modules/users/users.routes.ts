/**
 * The accounts calls of spec §7 under /api (login, register, users/…, check-registered-user-discount), plus the
 * reset confirmation the spec leaves to design (POST users/reset-password/confirm). Routes parse with the contract
 * schemas, call the service and answer; login, register and reset are rate-limited per IP on top of the service's
 * per-account limits.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@trapeza/domain/contracts/menu';
import {
  StoreAuthResponse,
  StoreConfirmEmailRequest,
  StoreEditProfileRequest,
  StoreLoginRequest,
  StoreMessageResponse,
  StorePaymentInstrumentsResponse,
  StoreRegisterRequest,
  StoreRegisteredUserDiscountResponse,
  StoreResetPasswordConfirmRequest,
  StoreResetPasswordRequest,
  StoreUserOrdersResponse,
  StoreValidateResponse,
} from '@trapeza/domain/contracts/users';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import { errorResponses } from '../../lib/openapi.ts';
import { ClientHeaders, PlaceHeaders } from '../../lib/request-context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { routeLimitOptions } from '../../plugins/security.ts';
import { requestLanguage } from './users.mail.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from './trusted-devices.ts';
import type { DeviceCookie, UsersService } from './users.service.ts';

/** Per-IP limits per minute; generous for a family behind one router, tight for a password-guessing script. */
export const IP_LIMITS = { login: 20, register: 10, reset: 5, resetConfirm: 10 } as const;

const AuthHeaders = ClientHeaders.extend({
  authorization: z.string().optional().describe('Bearer token'),
  lang: z.string().optional().describe('Language of the answer texts (bg, en, es, de, fr-CH)'),
});
const AuthPlaceHeaders = PlaceHeaders.extend({
  authorization: z.string().optional().describe('Bearer token'),
  lang: z.string().optional().describe('Language of the answer texts (bg, en, es, de, fr-CH)'),
});

const errors = {
  ...errorResponses,
  401: ApiError.describe('Not signed in, or the session is no longer valid'),
  403: ApiError.describe('Not allowed'),
  429: ApiError.describe('Too many requests, try again later (code rate_limited)'),
} as const;

/** A route's own limit, keyed on the matched route and never skipped by the API-wide allow-list. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000, allowList: undefined } });

/**
 * The trusted-device cookie (trusted-devices.ts) of a login, reset or registration confirmation: HttpOnly, sent
 * back only to these calls, Secure on https.
 */
function deviceCookie(request: FastifyRequest, reply: FastifyReply): DeviceCookie {
  return {
    value: request.cookies?.[DEVICE_COOKIE],
    set(value) {
      for (const path of ['/api/login', '/api/users/reset-password/confirm', '/api/users/confirm-email']) {
        reply.setCookie(DEVICE_COOKIE, value, {
          path,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: DEVICE_COOKIE_MAX_AGE_S,
        });
      }
    },
  };
}

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    // The API-wide limiter may be off (RATE_LIMIT_PER_MINUTE=0 for benchmarks); these calls stay limited anyway.
    if (!app.hasDecorator('rateLimit')) {
      await app.register(rateLimit, routeLimitOptions(app.sharedLimits));
    }
    const tags = ['accounts'];
    const client = { tenancy: 'client' } as const;
    const place = { tenancy: 'place' } as const;

    app.post(
      '/login',
      {
        config: { tenancy: 'client-if-sent', ...perMinute(IP_LIMITS.login) },
        schema: {
          tags,
          summary:
            "Log in (guests and staff); the token carries the role. With a client header: that brand's users; " +
            'without one: platform staff (SUPER_ADMIN, SALES_ADMIN of no brand; user.role tells which)',
          headers: AuthHeaders.extend({
            client: ClientHeaders.shape.client
              .optional()
              .describe('Brand slug or id; omit for platform staff'),
          }),
          body: StoreLoginRequest,
          response: { 200: StoreAuthResponse, ...errors },
        },
      },
      async (request, reply) =>
        users.login(
          request.clientTenant ?? null,
          request.body,
          requestLanguage(request.headers),
          deviceCookie(request, reply),
        ),
    );

    app.post(
      '/register',
      {
        config: { ...place, ...perMinute(IP_LIMITS.register) },
        schema: {
          tags,
          summary:
            'Register a guest profile: the same 202 answer whether or not the e-mail has a profile (no account ' +
            'enumeration); a new address gets the link that confirms it (POST users/confirm-email), an existing ' +
            'one a notice to its owner. An unconfirmed profile cannot log in',
          headers: AuthPlaceHeaders,
          body: StoreRegisterRequest,
          response: { 202: StoreMessageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await users.register(request.tenant, request.body, requestLanguage(request.headers));
        return reply.code(202).send(answer);
      },
    );

    app.post(
      '/users/confirm-email',
      {
        config: { ...place, ...perMinute(IP_LIMITS.resetConfirm) },
        schema: {
          tags,
          summary:
            'Confirm a registration with the token from its e-mail (24 hours); answers a token like login',
          headers: AuthPlaceHeaders,
          body: StoreConfirmEmailRequest,
          response: { 200: StoreAuthResponse, ...errors },
        },
      },
      async (request, reply) =>
        users.confirmEmail(
          request.tenant,
          request.body.token,
          requestLanguage(request.headers),
          deviceCookie(request, reply),
        ),
    );

    app.post(
      '/users/reset-password',
      {
        config: { ...place, ...perMinute(IP_LIMITS.reset) },
        schema: {
          tags,
          summary: 'Mail a reset link if the e-mail has a profile; the same answer either way',
          headers: AuthPlaceHeaders,
          body: StoreResetPasswordRequest,
          response: { 200: StoreMessageResponse, ...errors },
        },
      },
      async (request) =>
        users.requestPasswordReset(request.tenant, request.body.email, requestLanguage(request.headers)),
    );

    app.post(
      '/users/reset-password/confirm',
      {
        config: { ...client, ...perMinute(IP_LIMITS.resetConfirm) },
        schema: {
          tags,
          summary: 'Set a new password with the token from the reset e-mail (single use, 1 hour)',
          headers: AuthHeaders,
          body: StoreResetPasswordConfirmRequest,
          response: { 200: StoreMessageResponse, ...errors },
        },
      },
      async (request, reply) =>
        users.confirmPasswordReset(
          request.clientTenant,
          request.body,
          requestLanguage(request.headers),
          deviceCookie(request, reply),
        ),
    );

    app.post(
      '/users/editProfile',
      {
        config: place,
        preHandler: requireUser,
        schema: {
          tags,
          summary:
            'Change profile fields; a new e-mail or password needs current_password; answers a fresh token',
          headers: AuthPlaceHeaders,
          body: StoreEditProfileRequest,
          response: {
            200: StoreAuthResponse,
            ...errors,
            409: ApiError.describe('E-mail already registered'),
          },
        },
      },
      async (request) => users.editProfile(request.tenant, sessionOf(request), request.body),
    );

    app.post(
      '/users/validate',
      {
        config: client,
        schema: {
          tags,
          summary: 'Whether the bearer token is still a valid session (false: log out)',
          headers: AuthHeaders,
          response: { 200: StoreValidateResponse, ...errorResponses },
        },
      },
      async (request) => users.validate(request.user),
    );

    app.get(
      '/users/orders',
      {
        config: place,
        preHandler: requireUser,
        schema: {
          tags,
          summary: "The signed-in user's orders at this place, newest first",
          headers: AuthPlaceHeaders,
          response: { 200: StoreUserOrdersResponse, ...errors },
        },
      },
      async (request) => users.orders(request.tenant, sessionOf(request)),
    );

    app.get(
      '/check-registered-user-discount',
      {
        config: place,
        schema: {
          tags,
          summary: "The nth-order discount due on the signed-in user's next order, or null",
          headers: AuthPlaceHeaders,
          response: { 200: StoreRegisteredUserDiscountResponse, ...errorResponses },
        },
      },
      async (request) => users.registeredUserDiscount(request.tenant, request.user),
    );

    app.get(
      '/users/payment-instruments',
      {
        config: place,
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Saved payment instruments (signed in, payments module on)',
          headers: AuthPlaceHeaders,
          response: { 200: StorePaymentInstrumentsResponse, ...errors },
        },
      },
      async (request) => users.paymentInstruments(request.tenant, sessionOf(request)),
    );
  };
}

/** The user behind a requireUser route (the preHandler guarantees it). */
function sessionOf(request: { user: { id: number; clientId: number | null } | null }) {
  if (!request.user) throw new DomainError(401, 'unauthorized', 'Please log in');
  return request.user;
}
