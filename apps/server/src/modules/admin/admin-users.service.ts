/**
 * Staff users and roles within the admin's reach (issue "Admin console", spec §6; rules:
 * packages/domain/src/staff-admin.ts). Scope, on the client of the place headers:
 *
 * - reach: a client-wide admin (CLIENT_ADMIN, SALES_ADMIN, SUPER_ADMIN) every place of the client; a place-level
 *   admin (PLACE_ADMIN, RASPBERRY_ADMIN) its assigned places;
 * - listed: the client's staff accounts; for a place-level admin only those with a place in its reach (and only
 *   those places are shown);
 * - changed: accounts strictly below the admin's level (SUPER_ADMIN any other), never the admin itself, and for a
 *   place-level admin only accounts whose every place is in its reach. Anything else listed answers 403
 *   `user_not_manageable`; an account not listed is 404 `user_not_found`.
 *
 * Deactivation is users.banned = 1: sign-in answers user_banned and older tokens stop at once (the auth plugin
 * re-reads the account on every request, as it does for a changed role). A reset sends the accounts module's reset
 * e-mail; an account created without a password gets that e-mail as its invitation.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  AdminStaffCreateBody,
  AdminStaffUpdateBody,
  AdminStaffUser,
  AdminStaffUsersResponse,
} from '@trapeza/domain/contracts/admin';
import type { Role } from '@trapeza/domain/roles';
import { isRole } from '@trapeza/domain/roles';
import {
  assignableRoles,
  canManageRole,
  CLIENT_WIDE_ROLES,
  isPlaceLevelRole,
  type StaffRole,
} from '@trapeza/domain/staff-admin';
import { DomainError, detail, notFound } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AdminCallContext } from './admin-access.ts';
import type { AuditRepository } from './admin-audit.repository.ts';
import type { AdminUsersRepository, StaffRow } from './admin-users.repository.ts';

export interface StaffActor {
  id: number;
  role: Role;
}

export interface AdminUsersServiceDeps {
  repo: AdminUsersRepository;
  audit: AuditRepository;
}

/** Sends the accounts module's reset e-mail to an account of the place's client, in the caller's language. */
export type SendResetMail = (email: string) => Promise<void>;

const flag = (v: boolean) => (v ? (1 as const) : (0 as const));
const forbidden = (code: string, message: string, fields?: Record<string, unknown>) =>
  new DomainError(403, code, message, fields === undefined ? {} : { fields });

export function createAdminUsersService(deps: AdminUsersServiceDeps) {
  const { repo, audit } = deps;

  async function scopeOf(ctx: AdminCallContext, actor: StaffActor) {
    const clientWide = CLIENT_WIDE_ROLES.includes(actor.role);
    const places = await repo.placesOfClient(ctx.clientId, clientWide ? undefined : actor.id);
    return { clientWide, places, reach: new Set(places.map((p) => p.id)) };
  }
  type Scope = Awaited<ReturnType<typeof scopeOf>>;

  /** The account as the actor sees it, or undefined when it is outside the actor's view. */
  function view(
    actor: StaffActor,
    scope: Scope,
    row: StaffRow,
    placeIds: number[],
  ): AdminStaffUser | undefined {
    if (!isRole(row.role) || row.role === 'USER') return undefined;
    const inReach = placeIds.filter((p) => scope.reach.has(p));
    if (!scope.clientWide && inReach.length === 0) return undefined;
    const manageable =
      row.id !== actor.id &&
      canManageRole(actor.role, row.role) &&
      (scope.clientWide || inReach.length === placeIds.length);
    return {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role,
      active: flag(!row.banned),
      place_ids: inReach,
      manageable,
      created_at: row.created_at,
    };
  }

  /** Loads an account the actor may change, or throws 404 / 403. */
  async function manageable(ctx: AdminCallContext, actor: StaffActor, scope: Scope, id: number) {
    const row = await repo.find(id);
    const placeIds = row ? ((await repo.placesOf([id])).get(id) ?? []) : [];
    const seen = row && row.client_id === ctx.clientId ? view(actor, scope, row, placeIds) : undefined;
    if (!row || !seen) throw notFound('user_not_found', 'No such staff account in your reach');
    if (!seen.manageable) {
      throw forbidden(
        'user_not_manageable',
        'This account is at or above your level, or outside your places',
      );
    }
    return { row, user: seen };
  }

  function checkRole(actor: StaffActor, role: StaffRole) {
    const allowed = assignableRoles(actor.role);
    if (!allowed.includes(role)) {
      throw forbidden('role_not_assignable', `You may give only: ${allowed.join(', ')}`, { allowed });
    }
  }

  /** Place-level roles need places, all in reach; client-wide roles keep none. */
  function checkPlaces(scope: Scope, role: StaffRole, placeIds: number[]): number[] {
    if (!isPlaceLevelRole(role)) return [];
    const ids = [...new Set(placeIds)];
    if (!ids.length) {
      throw new DomainError(400, 'places_required', 'A place-level role needs at least one place', {
        details: [detail('place_ids', 'too_small', 'at least one place')],
      });
    }
    const outside = ids.filter((p) => !scope.reach.has(p));
    if (outside.length) {
      throw forbidden('place_not_in_reach', `Places outside your reach: ${outside.join(', ')}`, { outside });
    }
    return ids;
  }

  return {
    async list(ctx: AdminCallContext, actor: StaffActor): Promise<AdminStaffUsersResponse> {
      const scope = await scopeOf(ctx, actor);
      const rows = await repo.staffOfClient(ctx.clientId);
      const placesOf = await repo.placesOf(rows.map((r) => r.id));
      const users = rows
        .map((r) => view(actor, scope, r, placesOf.get(r.id) ?? []))
        .filter((u): u is AdminStaffUser => !!u);
      return { users, assignable_roles: assignableRoles(actor.role), places: scope.places };
    },

    async create(
      ctx: AdminCallContext,
      actor: StaffActor,
      body: z.output<typeof AdminStaffCreateBody>,
      sendResetMail: SendResetMail,
    ): Promise<AdminStaffUser & { invited: boolean }> {
      const scope = await scopeOf(ctx, actor);
      checkRole(actor, body.role);
      const placeIds = checkPlaces(scope, body.role, body.place_ids);
      const email = body.email.trim().toLowerCase();
      const taken = () => new DomainError(409, 'email_taken', 'This e-mail already has an account here');
      if (await repo.emailExists(ctx.clientId, email)) throw taken();
      const password = body.password ?? randomBytes(32).toString('base64url');
      let id: number;
      try {
        id = await repo.create({
          clientId: ctx.clientId,
          email,
          passwordHash: await hashPassword(password),
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.role,
          placeIds,
          now: ctx.now.toISOString(),
        });
      } catch (err) {
        if (await repo.emailExists(ctx.clientId, email)) throw taken();
        throw err;
      }
      const invited = body.password === undefined;
      if (invited) await sendResetMail(email);
      await audit.record(ctx, 'create', 'user', id, { email, role: body.role, place_ids: placeIds, invited });
      const row = (await repo.find(id))!;
      return { ...view(actor, scope, row, placeIds)!, invited };
    },

    async update(
      ctx: AdminCallContext,
      actor: StaffActor,
      id: number,
      body: z.output<typeof AdminStaffUpdateBody>,
    ): Promise<AdminStaffUser> {
      const scope = await scopeOf(ctx, actor);
      const { row, user } = await manageable(ctx, actor, scope, id);
      const role = body.role ?? user.role;
      if (body.role !== undefined && body.role !== user.role) checkRole(actor, body.role);
      let placeIds: number[] | undefined;
      if (
        body.place_ids !== undefined ||
        (body.role !== undefined && isPlaceLevelRole(role) !== isPlaceLevelRole(user.role))
      ) {
        placeIds = checkPlaces(scope, role, body.place_ids ?? user.place_ids);
      }
      const values = {
        ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
        ...(body.last_name !== undefined ? { last_name: body.last_name } : {}),
        ...(body.role !== undefined ? { role: body.role } : {}),
        ...(body.active !== undefined ? { banned: flag(!body.active) } : {}),
      };
      await repo.update(id, values, placeIds);
      await audit.record(ctx, 'update', 'user', id, {
        email: row.email,
        ...body,
        ...(placeIds !== undefined ? { place_ids: placeIds } : {}),
      });
      const fresh = (await repo.find(id))!;
      return view(actor, scope, fresh, placeIds ?? user.place_ids)!;
    },

    async resetPassword(
      ctx: AdminCallContext,
      actor: StaffActor,
      id: number,
      sendResetMail: SendResetMail,
    ): Promise<void> {
      const scope = await scopeOf(ctx, actor);
      const { row } = await manageable(ctx, actor, scope, id);
      if (row.banned) {
        throw new DomainError(409, 'user_inactive', 'Activate the account before resetting its password');
      }
      await sendResetMail(row.email);
      await audit.record(ctx, 'reset_password', 'user', id, { email: row.email });
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
