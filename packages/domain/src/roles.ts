/** Staff roles from the decoded auth token and who may do what (spec §6). */

export const ROLES = [
  'USER',
  'PDF_MENU_ADMIN',
  'WAITER',
  'RASPBERRY_ADMIN',
  'PLACE_ADMIN',
  'CLIENT_ADMIN',
  'SALES_ADMIN',
  'SUPER_ADMIN',
] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Access lists exactly as spec §6 gives them: the roles that pass a check for the required role. Note the spec's
 * quirks: CLIENT_ADMIN access does not include PLACE_ADMIN but does include RASPBERRY_ADMIN; USER is never enough.
 */
export const ACCESS: Record<Role, readonly Role[]> = {
  USER: [],
  WAITER: ['WAITER', 'RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  PDF_MENU_ADMIN: [
    'PDF_MENU_ADMIN',
    'WAITER',
    'RASPBERRY_ADMIN',
    'PLACE_ADMIN',
    'CLIENT_ADMIN',
    'SALES_ADMIN',
    'SUPER_ADMIN',
  ],
  PLACE_ADMIN: ['RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  RASPBERRY_ADMIN: ['RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  CLIENT_ADMIN: ['RASPBERRY_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  SALES_ADMIN: ['SALES_ADMIN', 'SUPER_ADMIN'],
  SUPER_ADMIN: ['SUPER_ADMIN'],
};

/** Whether a user with `role` passes a check requiring `required` (spec §6). Unknown or missing roles never pass. */
export function hasAccess(role: Role | string | null | undefined, required: Role): boolean {
  if (!isRole(role)) return false;
  return ACCESS[required].includes(role);
}

/** Waiters (and staff above them) get the longer order token and may set or change the table (spec §6). */
export function isWaiterOrAbove(role: Role | string | null | undefined): boolean {
  return hasAccess(role, 'WAITER');
}
