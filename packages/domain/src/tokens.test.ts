import { describe, expect, test } from 'vitest';
import {
  applyTokenExpiry,
  ATTRIBUTION_COOKIE_MAX_AGE_SECONDS,
  cookieLifetimeHours,
  extendForBillRequest,
  hoursToDays,
  isTokenExpired,
  ORDER_REQUEST_TIMEOUT_MS,
  orderTokenExpiresAt,
  orderTokenLifetimeHours,
} from './tokens.ts';

const NOW = new Date('2026-03-02T10:00:00Z');

describe('tokens (spec §4, §9: order token lifetime)', () => {
  test.each([
    [{}, 2, '2026-03-02T12:00:00.000Z'],
    [{ waiter: true }, 8, '2026-03-02T18:00:00.000Z'],
    [{ kiosk: true }, 43800, '2031-03-01T10:00:00.000Z'],
    [{ kiosk: true, waiter: true }, 43800, '2031-03-01T10:00:00.000Z'],
  ])('§9 holder %j → %d h', (holder, hours, expires) => {
    expect(orderTokenLifetimeHours(holder)).toBe(hours);
    expect(orderTokenExpiresAt(NOW, holder).toISOString()).toBe(expires);
  });

  test('§4 bill request extends the token by 15 minutes', () => {
    expect(extendForBillRequest(new Date('2026-03-02T12:00:00Z')).toISOString()).toBe(
      '2026-03-02T12:15:00.000Z',
    );
  });

  test.each([
    ['2026-03-02T10:00:01Z', false],
    ['2026-03-02T10:00:00Z', true],
    ['2026-03-02T09:59:59Z', true],
    ['garbage', true],
  ])('expiry %s at 10:00:00 expired = %s', (expires, expired) => {
    expect(isTokenExpired(expires, NOW)).toBe(expired);
  });

  test('§4 an expired token clears the order type', () => {
    const cookie = { token: 'abc', expires: '2026-03-02T09:00:00Z', ordertype: 1 as const, table: 4 };
    expect(applyTokenExpiry(cookie, NOW)).toEqual({
      token: null,
      expires: cookie.expires,
      ordertype: null,
      table: 4,
    });
  });

  test('§4 a live token keeps its order type', () => {
    const cookie = {
      token: 'abc',
      expires: '2026-03-02T11:00:00Z',
      ordertype: 6 as const,
      room_number: '101',
    };
    expect(applyTokenExpiry(cookie, NOW)).toBe(cookie);
  });
});

describe('tokens (spec §9: cookie lifetimes)', () => {
  test.each([
    ['default', false, 90],
    ['default', true, 43800],
    ['language', false, 8760],
    ['place', false, 8760],
    ['place', true, 8760],
  ] as const)('§9 %s cookie (kiosk %s) lives %d h', (kind, kiosk, hours) => {
    expect(cookieLifetimeHours(kind, kiosk)).toBe(hours);
  });

  test('§9 attribution cookie 30 days, request time-out 55 s, days conversion', () => {
    expect(ATTRIBUTION_COOKIE_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
    expect(ORDER_REQUEST_TIMEOUT_MS).toBe(55000);
    expect(hoursToDays(90)).toBe(3.75);
    expect(hoursToDays(8760)).toBe(365);
  });
});
