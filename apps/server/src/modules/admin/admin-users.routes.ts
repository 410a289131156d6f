/** Staff users and roles within the admin's reach under /api/admin (rules: admin-users.service.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdParam,
  AdminOkResponse,
  AdminStaffCreateBody,
  AdminStaffCreateResponse,
  AdminStaffUpdateBody,
  AdminStaffUser,
  AdminStaffUsersResponse,
} from '@trapeza/domain/contracts/admin';
import type { FastifyRequest } from 'fastify';
import { adminContext, adminErrors, placeRoute } from './admin-access.ts';
import type { AdminUsersService, SendResetMail, StaffActor } from './admin-users.service.ts';

/** The accounts module's reset request (users.service.ts requestPasswordReset) for the request's place. */
export type ResetMailer = (request: FastifyRequest, email: string) => Promise<void>;

// requireRole ran before the handler, so the user is there.
const actorOf = (request: FastifyRequest): StaffActor => ({ id: request.user!.id, role: request.user!.role });

export function adminUsersRoutes(users: AdminUsersService, resetMailer: ResetMailer): FastifyPluginAsyncZod {
  const mailerFor =
    (request: FastifyRequest): SendResetMail =>
    (email) =>
      resetMailer(request, email);
  return async (app) => {
    const r = placeRoute(['admin: users']);
    const scope =
      ' Scope: the client of the place headers; a place admin sees and changes only staff of its places, a client ' +
      'admin its client’s staff; roles strictly below the caller’s level (SUPER_ADMIN any); never the caller itself.';

    app.get(
      '/admin/users',
      r.with({
        summary:
          'Staff accounts in reach, the roles the caller may give and the places it may assign.' + scope,
        response: { 200: AdminStaffUsersResponse, ...adminErrors },
      }),
      async (request) => users.list(adminContext(request), actorOf(request)),
    );
    app.post(
      '/admin/users',
      r.with({
        summary:
          'Create a staff account (403 role_not_assignable, place_not_in_reach; 400 places_required; 409 ' +
          'email_taken). Without a password the account gets the reset e-mail as its invitation.' +
          scope,
        body: AdminStaffCreateBody,
        response: { 201: AdminStaffCreateResponse, ...adminErrors },
      }),
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await users.create(adminContext(request), actorOf(request), request.body, mailerFor(request)),
          ),
    );
    app.patch(
      '/admin/users/:id',
      r.with({
        summary:
          'Change name, role, places or active (0 deactivates: sign-in and older tokens stop at once); 403 ' +
          'user_not_manageable, 404 user_not_found.' +
          scope,
        params: AdminIdParam,
        body: AdminStaffUpdateBody,
        response: { 200: AdminStaffUser, ...adminErrors },
      }),
      async (request) =>
        users.update(adminContext(request), actorOf(request), request.params.id, request.body),
    );
    app.post(
      '/admin/users/:id/reset-password',
      r.with({
        summary:
          'Send the account the password reset e-mail (409 user_inactive for a deactivated account).' + scope,
        params: AdminIdParam,
        response: { 200: AdminOkResponse, ...adminErrors },
      }),
      async (request) => {
        await users.resetPassword(
          adminContext(request),
          actorOf(request),
          request.params.id,
          mailerFor(request),
        );
        return { ok: true as const };
      },
    );
  };
}
