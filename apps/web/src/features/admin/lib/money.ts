/**
 * Money typed by an admin: decimals with a dot or a comma and at most two decimals ("12,5" → 1250 minor units).
 * The conversion itself is the domain's (`toMinor`), so rounding is the same everywhere.
 */
import { toMajor, toMinor } from '@trapeza/domain/money';

const DECIMAL = /^\d{1,8}(?:[.,]\d{0,2})?$/;

/** Minor units from what the admin typed; null when it is not an amount ('' is null too). */
export function parseMoneyInput(text: string): number | null {
  const s = text.trim().replace(/\s/g, '');
  if (!DECIMAL.test(s)) return null;
  return toMinor(s.endsWith('.') || s.endsWith(',') ? s.slice(0, -1) : s);
}

/** How an amount is shown in the input: always two decimals. */
export function formatMoneyInput(minor: number | null | undefined): string {
  return minor == null ? '' : toMajor(minor).toFixed(2);
}
