/**
 * Which calls carry wire decimals (./wire-money.ts): the guest calls with amounts; the staff, admin, platform and
 * print-agent calls carry integer minor units (isMinorUnitsApiPath, ./wire-money.ts). Apart from ./wire-money.ts so
 * that the browser's initial bundle holds only this.
 */

/**
 * The guest calls that carry decimals already: the conversion lands group by group (issue 25 #1), and the browser
 * converts exactly those (path without the /api prefix). Becomes "every guest call" when every group is done.
 * `[a-z-]*place`: `place` and `accumulated-order-amount-setting-place` (short: the guest's initial JS budget).
 */
const DECIMAL_CALLS =
  /^\/?([a-z-]*place|products|ingredients|promo-codes|bookings|users\/bookings|orders|tables)([/?]|$)/;

/** Whether a guest call's payloads and answers carry wire decimals (path without the /api prefix). */
export function carriesWireDecimals(path: string): boolean {
  return DECIMAL_CALLS.test(path);
}
