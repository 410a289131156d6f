/**
 * Which calls carry wire decimals (./wire-money.ts): the guest calls with amounts; the staff, admin, platform and
 * print-agent calls carry integer minor units (isMinorUnitsApiPath, ./wire-money.ts). Apart from ./wire-money.ts so
 * that the browser's initial bundle holds only this.
 */

/**
 * The guest calls whose payloads or answers carry amounts, all in decimals of the venue currency (issue 25 #1): the
 * browser converts exactly those (path without the /api prefix); the other guest calls carry no amount and keep
 * their timing (no wait for the converter's chunk).
 * `[a-z-]*place`: `place` and `accumulated-order-amount-setting-place` (short: the guest's initial JS budget).
 */
const DECIMAL_CALLS =
  /^\/?([a-z-]*place|products|ingredients|promo-codes|bookings|users|orders|tables|login|register|check-registered-user-discount|epay|redsys)([/?]|$)/;

/** Whether a guest call's payloads and answers carry wire decimals (path without the /api prefix). */
export function carriesWireDecimals(path: string): boolean {
  return DECIMAL_CALLS.test(path);
}
