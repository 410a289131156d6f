/**
 * The table as one party (issue 19): the shared cart's guest names and the table bill's split — by items (claims on
 * lines or part of a line's quantity), by equal shares, or a custom amount — with a tip per payer. Pure rules in
 * integer minor units, used by the server (authoritative: it stores the shares) and the browser (display).
 *
 * Invariants the functions keep:
 * - every order's total is spread over its lines exactly (`spreadOrderTotal`), so claims on every line of the bill
 *   add up to the bill, never more;
 * - a line's claims add up to the line's amount at most: each claim takes its quantity's part rounded down, and the
 *   claim that takes the line's last unit takes whatever the others left (`itemClaimAmount`);
 * - equal shares: N − 1 shares of ⌊total / N⌋, the last takes the rounding remainder (`equalShares`);
 * - the remaining amount is never below 0, and no new share may exceed it (`checkShareAmount`).
 */
import type { Minor } from './money.ts';

/** Smallest share anyone can pay: 0.01 (one minor unit). */
export const MIN_SHARE_MINOR = 1;
/** A custom tip is at most this percent of the payer's share. */
export const MAX_TIP_PERCENT = 100;
/** The tip presets the phones offer (none, 5 %, 10 %); any other percent or amount is a custom tip. */
export const TIP_PRESET_PERCENTS = [0, 5, 10] as const;
/** Equal shares: between 2 and this many people. */
export const MAX_EQUAL_PARTS = 50;
/** A guest's display name is cut to this many characters. */
export const GUEST_NAME_MAX = 30;

/** Codes of the shared cart and bill calls (designed, stable; the server answers them as `code`/`message`). */
export const TABLE_PARTY_ERROR_CODES = {
  /** The cart changed since the version the phone sent: the answer carries the current cart. */
  cartChanged: 'cart_changed',
  /** The bill changed (a claim or payment was taken meanwhile): the answer carries the current bill. */
  billChanged: 'bill_changed',
  /** A claimed line or quantity is not (or no longer) free. */
  lineTaken: 'line_already_claimed',
  /** A line id that is not on this session's bill. */
  unknownLine: 'unknown_bill_line',
  shareTooSmall: 'share_too_small',
  shareExceedsRemaining: 'share_exceeds_remaining',
  tipTooHigh: 'tip_too_high',
  invalidGuestName: 'invalid_guest_name',
  unknownGuest: 'unknown_guest',
  /** Kiosk / tablet sessions are one device: no shared cart. */
  sharingNotAvailable: 'shared_cart_not_available',
  privateLinesNotAllowed: 'private_lines_not_allowed',
  /** Only the guest who added a line may make it private or shared again. */
  lineNotYours: 'cart_line_not_yours',
  lineNotInCart: 'cart_line_not_found',
  cartEmpty: 'noProductsToInsert',
  billPaid: 'bill_already_paid',
  shareNotFound: 'share_not_found',
  shareNotPayable: 'share_not_payable',
} as const;
export type TablePartyErrorCode = (typeof TABLE_PARTY_ERROR_CODES)[keyof typeof TABLE_PARTY_ERROR_CODES];

/** A failed rule: the code, and the current state's numbers where they help the phone explain. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; code: TablePartyErrorCode };

const ok = <T>(value: T): RuleResult<T> => ({ ok: true, value });
const fail = <T>(code: TablePartyErrorCode): RuleResult<T> => ({ ok: false, code });

// -- who shares ------------------------------------------------------------------------------------------------------

/** Setting: phones scanning one table share its session, cart and bill (default on; `0` switches it off). */
export const SHARED_TABLE_CART_SETTING = 'shared_table_cart';
/** Setting: a guest may keep a "just for me" line in the shared cart (default off). */
export const TABLE_CART_PRIVATE_LINES_SETTING = 'table_cart_private_lines';

/**
 * Whether a session is the table's shared one (every phone that scans the table joins it). Only a table scanned by
 * a guest's phone: a room is one guest's order (room number, room bill); a kiosk or tablet device (its own session,
 * or every device of a venue with `tablet_mode_always_on`) is one device that the table uses in turn, so it keeps
 * its own cart (spec: kiosk and tablet modes). The venue may switch sharing off (`shared_table_cart` = 0).
 */
export function sharesTableCart(input: {
  kind: string;
  mode: string | null;
  /** Stored `shared_table_cart`; missing → on. */
  sharedSetting: boolean;
  /** Stored `tablet_mode_always_on`. */
  tabletAlwaysOn: boolean;
}): boolean {
  return input.kind === 'table' && input.mode === null && input.sharedSetting && !input.tabletAlwaysOn;
}

// -- guest names ----------------------------------------------------------------------------------------------------

const MARKUP = /<\s*[a-z!/?][^>]*>/i;
/** C0 controls and DEL (a name is one line of plain text). */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/**
 * A display name as typed: trimmed, inner whitespace collapsed, cut to 30 characters (code points); empty → null
 * (the guest keeps "Guest N"); anything that looks like markup or holds control characters is refused.
 */
export function normalizeGuestName(raw: string | null | undefined): RuleResult<string | null> {
  if (raw == null) return ok(null);
  if (MARKUP.test(raw) || hasControl(raw)) return fail(TABLE_PARTY_ERROR_CODES.invalidGuestName);
  const collapsed = raw.trim().replace(/\s+/g, ' ');
  if (!collapsed) return ok(null);
  return ok([...collapsed].slice(0, GUEST_NAME_MAX).join('').trim());
}

// -- spreading amounts ------------------------------------------------------------------------------------------------

/**
 * Splits `total` over `weights` proportionally in whole minor units, exactly (the parts add up to `total`): each
 * part rounded down, the units left over go to the largest fractional remainders (first in order on ties). All
 * weights 0 → equal weights. A negative total is spread the same way (rare: a discount above the goods).
 */
export function allocate(total: Minor, weights: readonly number[]): Minor[] {
  if (weights.length === 0) return [];
  const w = weights.map((x) => Math.max(0, x));
  const sum = w.reduce((a, b) => a + b, 0);
  const use = sum > 0 ? w : w.map(() => 1);
  const useSum = sum > 0 ? sum : use.length;
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const raw = use.map((x) => (abs * x) / useSum);
  const parts = raw.map((x) => Math.floor(x));
  let left = abs - parts.reduce((a, b) => a + b, 0);
  const order = raw
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts.map((p) => p * sign);
}

/** One order line as the bill sees it. */
export interface BillLineInput {
  id: number;
  quantity: number;
  /** The line's net total as the server priced it (after product discounts). */
  lineTotal: Minor;
}

/**
 * Each line's part of its order's total (order discounts, promo and fees spread over the lines by their net totals),
 * so that claiming every line pays the order's total exactly.
 */
export function spreadOrderTotal(orderTotal: Minor, lines: readonly BillLineInput[]): Minor[] {
  return allocate(
    orderTotal,
    lines.map((l) => l.lineTotal),
  );
}

/** N equal shares of `total`: N − 1 of ⌊total / N⌋, the last takes the rounding remainder. */
export function equalShares(total: Minor, parts: number): Minor[] {
  if (!Number.isInteger(parts) || parts < 1) return [];
  const base = Math.floor(Math.max(0, total) / parts);
  const shares = Array.from({ length: parts }, () => base);
  shares[parts - 1] = Math.max(0, total) - base * (parts - 1);
  return shares;
}

/**
 * The amount of the `index`-th (0-based) equal share of `total` split `parts` ways, given what remains: the last
 * share takes the remainder of the split, and no share may exceed what remains (another payer was faster).
 */
export function equalShareAmount(
  total: Minor,
  parts: number,
  index: number,
  remaining: Minor,
): RuleResult<Minor> {
  if (!Number.isInteger(parts) || parts < 2 || parts > MAX_EQUAL_PARTS || index < 0 || index >= parts) {
    return fail(TABLE_PARTY_ERROR_CODES.billChanged);
  }
  const amount = equalShares(total, parts)[index]!;
  return checkShareAmount(amount, remaining);
}

// -- claims by items ------------------------------------------------------------------------------------------------

/** What is already claimed on one line by the shares that still hold (paid, or pending and not expired). */
export interface LineClaimState {
  quantity: number;
  amount: Minor;
  claimedQuantity: number;
  claimedAmount: Minor;
}

/**
 * The amount of a claim of `quantity` units of a line: its part rounded down, or — when it takes the line's last
 * free units — whatever the other claims left of the line. Refused when the units are not free any more.
 */
export function itemClaimAmount(line: LineClaimState, quantity: number): RuleResult<Minor> {
  if (!Number.isInteger(quantity) || quantity < 1) return fail(TABLE_PARTY_ERROR_CODES.lineTaken);
  const free = line.quantity - line.claimedQuantity;
  if (quantity > free) return fail(TABLE_PARTY_ERROR_CODES.lineTaken);
  if (quantity === free) return ok(Math.max(0, line.amount - line.claimedAmount));
  return ok(Math.floor((line.amount * quantity) / line.quantity));
}

// -- amounts and tips -----------------------------------------------------------------------------------------------

/** A share must be at least 0.01 and at most what remains of the bill. */
export function checkShareAmount(amount: Minor, remaining: Minor): RuleResult<Minor> {
  if (!Number.isInteger(amount) || amount < MIN_SHARE_MINOR)
    return fail(TABLE_PARTY_ERROR_CODES.shareTooSmall);
  if (amount > Math.max(0, remaining)) return fail(TABLE_PARTY_ERROR_CODES.shareExceedsRemaining);
  return ok(amount);
}

/** A payer's tip: none, a percent of the share (presets 5 / 10, or custom ≤ 100 %), or an amount ≤ the share. */
export type TipChoice =
  { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'amount'; amount: Minor };

/** The tip in minor units (percent rounded half up), or `tip_too_high` over 100 % / negative. */
export function tipAmount(share: Minor, tip: TipChoice): RuleResult<Minor> {
  switch (tip.kind) {
    case 'none':
      return ok(0);
    case 'percent':
      if (!Number.isFinite(tip.percent) || tip.percent < 0 || tip.percent > MAX_TIP_PERCENT) {
        return fail(TABLE_PARTY_ERROR_CODES.tipTooHigh);
      }
      return ok(Math.round((share * tip.percent) / 100));
    case 'amount':
      if (!Number.isInteger(tip.amount) || tip.amount < 0 || tip.amount > share) {
        return fail(TABLE_PARTY_ERROR_CODES.tipTooHigh);
      }
      return ok(tip.amount);
  }
}

// -- the bill as a whole -------------------------------------------------------------------------------------------

/** A share as stored: `pending` shares hold their claim until `expiresAt` (online payments), `paid` for good. */
export interface ShareState {
  amount: Minor;
  status: 'pending' | 'paid' | 'released';
  /** ISO time after which a pending share no longer holds its claim (an abandoned online payment); null = never. */
  expiresAt: string | null;
}

/** Whether a share still holds its claim on the bill at `now` (computed from stored times: no timer needed). */
export function shareHolds(share: ShareState, now: Date): boolean {
  if (share.status === 'paid') return true;
  if (share.status !== 'pending') return false;
  return share.expiresAt === null || new Date(share.expiresAt).getTime() > now.getTime();
}

export interface BillSummary {
  total: Minor;
  paid: Minor;
  /** Claimed by shares waiting for their payment (online in progress, cash asked of the waiter). */
  pending: Minor;
  /** total − paid − pending, never below 0. */
  remaining: Minor;
  /** Everything is paid. */
  settled: boolean;
}

/** Paid, pending and remaining of a bill (shares' amounts without tips: tips are the waiter's, not the bill's). */
export function summarizeBill(total: Minor, shares: readonly ShareState[], now: Date): BillSummary {
  let paid = 0;
  let pending = 0;
  for (const s of shares) {
    if (!shareHolds(s, now)) continue;
    if (s.status === 'paid') paid += s.amount;
    else pending += s.amount;
  }
  const remaining = Math.max(0, total - paid - pending);
  return { total, paid, pending, remaining, settled: total > 0 && paid >= total };
}
