import { describe, expect, test } from 'vitest';
import { hasAccess, isWaiterOrAbove, ROLES, type Role } from './roles.ts';

/** Spec §6 access lists, written out as the truth table (required → roles that pass). */
const EXPECTED: Record<Role, Role[]> = {
  USER: [],
  PDF_MENU_ADMIN: [
    'PDF_MENU_ADMIN',
    'WAITER',
    'RASPBERRY_ADMIN',
    'PLACE_ADMIN',
    'CLIENT_ADMIN',
    'SALES_ADMIN',
    'SUPER_ADMIN',
  ],
  WAITER: ['WAITER', 'RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  RASPBERRY_ADMIN: ['RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  PLACE_ADMIN: ['RASPBERRY_ADMIN', 'PLACE_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  CLIENT_ADMIN: ['RASPBERRY_ADMIN', 'CLIENT_ADMIN', 'SALES_ADMIN', 'SUPER_ADMIN'],
  SALES_ADMIN: ['SALES_ADMIN', 'SUPER_ADMIN'],
  SUPER_ADMIN: ['SUPER_ADMIN'],
};

const CASES = ROLES.flatMap((required) =>
  ROLES.map((role) => [role, required, EXPECTED[required].includes(role)] as const),
);

describe('roles (spec §6: hasAccess)', () => {
  test.each(CASES)('§6 %s on %s → %s', (role, required, expected) => {
    expect(hasAccess(role, required)).toBe(expected);
  });

  test('§6 CLIENT_ADMIN access excludes PLACE_ADMIN', () => {
    expect(hasAccess('PLACE_ADMIN', 'CLIENT_ADMIN')).toBe(false);
  });

  test.each([null, undefined, '', 'ADMIN', 'waiter'])('unknown role %j never passes', (role) => {
    expect(hasAccess(role, 'WAITER')).toBe(false);
    expect(hasAccess(role, 'USER')).toBe(false);
  });

  test.each([
    ['WAITER', true],
    ['SUPER_ADMIN', true],
    ['PDF_MENU_ADMIN', false],
    ['USER', false],
  ])('§6 %s gets the waiter token: %s', (role, expected) => {
    expect(isWaiterOrAbove(role)).toBe(expected);
  });
});
