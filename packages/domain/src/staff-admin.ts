/**
 * Who may create, promote and assign staff accounts in the admin console (spec §6, issue "Admin console": users
 * and roles within the admin's reach). Designed here, the spec leaves it open:
 *
 * - Levels in the spec's rising order, RASPBERRY_ADMIN level with PLACE_ADMIN: USER 0, PDF_MENU_ADMIN 1, WAITER 2,
 *   RASPBERRY_ADMIN / PLACE_ADMIN 3, CLIENT_ADMIN 4, SALES_ADMIN 5, SUPER_ADMIN 6.
 * - An admin gives roles strictly below its own level (a place admin: WAITER and PDF_MENU_ADMIN; a client admin up
 *   to PLACE_ADMIN and RASPBERRY_ADMIN; a sales admin up to CLIENT_ADMIN); SUPER_ADMIN gives any role.
 * - An admin changes only accounts strictly below its own level (SUPER_ADMIN any other account), never itself.
 * - Place-level roles work at the places assigned to them (user_places) and need at least one; client-wide roles
 *   (CLIENT_ADMIN, SALES_ADMIN, SUPER_ADMIN) reach every place of their client and keep no assignments.
 */
import { ROLES, type Role } from './roles.ts';

/** Staff roles an account can be given in the admin console (USER is a guest profile, not staff). */
export const STAFF_ROLES = ROLES.filter((r): r is Exclude<Role, 'USER'> => r !== 'USER');
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PLACE_LEVEL_ROLES: readonly Role[] = [
  'PDF_MENU_ADMIN',
  'WAITER',
  'RASPBERRY_ADMIN',
  'PLACE_ADMIN',
];
export const CLIENT_WIDE_ROLES: readonly Role[] = ['CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'];

const LEVEL: Record<Role, number> = {
  USER: 0,
  PDF_MENU_ADMIN: 1,
  WAITER: 2,
  RASPBERRY_ADMIN: 3,
  PLACE_ADMIN: 3,
  CLIENT_ADMIN: 4,
  SALES_ADMIN: 5,
  SUPER_ADMIN: 6,
};

export function roleLevel(role: Role): number {
  return LEVEL[role];
}

export function isPlaceLevelRole(role: Role): boolean {
  return PLACE_LEVEL_ROLES.includes(role);
}

/** Client brand settings (name, logo, colours) are CLIENT_ADMIN, SALES_ADMIN and SUPER_ADMIN only. */
export function canEditClientBrand(role: Role): boolean {
  return LEVEL[role] >= LEVEL.CLIENT_ADMIN;
}

/** The roles `actor` may give (create with, or change to), lowest first. */
export function assignableRoles(actor: Role): StaffRole[] {
  if (actor === 'SUPER_ADMIN') return [...STAFF_ROLES];
  return STAFF_ROLES.filter((r) => LEVEL[r] < LEVEL[actor]);
}

/** Whether `actor` may change an account that has `target` now (role, places, active, password reset). */
export function canManageRole(actor: Role, target: Role): boolean {
  if (actor === 'SUPER_ADMIN') return true;
  return LEVEL[actor] >= LEVEL.PLACE_ADMIN && LEVEL[target] < LEVEL[actor];
}
