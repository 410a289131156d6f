import { describe, expect, it } from 'vitest';
import { assignableRoles, canEditClientBrand, canManageRole } from './staff-admin.ts';

describe('staff admin rules (spec §6 levels)', () => {
  it('gives roles strictly below the own level, SUPER_ADMIN any', () => {
    expect(assignableRoles('PLACE_ADMIN')).toEqual(['PDF_MENU_ADMIN', 'WAITER']);
    expect(assignableRoles('RASPBERRY_ADMIN')).toEqual(['PDF_MENU_ADMIN', 'WAITER']);
    expect(assignableRoles('CLIENT_ADMIN')).toEqual([
      'PDF_MENU_ADMIN',
      'WAITER',
      'RASPBERRY_ADMIN',
      'PLACE_ADMIN',
    ]);
    expect(assignableRoles('SALES_ADMIN')).toContain('CLIENT_ADMIN');
    expect(assignableRoles('SALES_ADMIN')).not.toContain('SALES_ADMIN');
    expect(assignableRoles('SUPER_ADMIN')).toContain('SUPER_ADMIN');
    expect(assignableRoles('WAITER')).toEqual(['PDF_MENU_ADMIN']);
  });
  it('manages accounts below the own level only, and needs PLACE_ADMIN level', () => {
    expect(canManageRole('PLACE_ADMIN', 'WAITER')).toBe(true);
    expect(canManageRole('PLACE_ADMIN', 'RASPBERRY_ADMIN')).toBe(false);
    expect(canManageRole('PLACE_ADMIN', 'PLACE_ADMIN')).toBe(false);
    expect(canManageRole('CLIENT_ADMIN', 'PLACE_ADMIN')).toBe(true);
    expect(canManageRole('CLIENT_ADMIN', 'CLIENT_ADMIN')).toBe(false);
    expect(canManageRole('WAITER', 'PDF_MENU_ADMIN')).toBe(false);
    expect(canManageRole('SUPER_ADMIN', 'SUPER_ADMIN')).toBe(true);
  });
  it('client brand: CLIENT_ADMIN and above, not RASPBERRY_ADMIN', () => {
    expect(canEditClientBrand('RASPBERRY_ADMIN')).toBe(false);
    expect(canEditClientBrand('PLACE_ADMIN')).toBe(false);
    expect(canEditClientBrand('CLIENT_ADMIN')).toBe(true);
  });
});
