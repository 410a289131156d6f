/**
 * Loyalty (spec §3, §6: registered users have points and an accumulated order amount). Designed rules, settings
 * area "loyalty" of the catalogue:
 *   - `points_per_currency_unit` (default 0 = no points): points = whole currency units of the order total × rate,
 *     rounded down (1 point per whole unit at rate 1: 12,99 лв. → 12 points; 0,99 → 0; rate 0.5: 25,00 → 12);
 *   - `accumulated_amount_percent` (default 0 = off): that percent of the order total, in minor units and rounded
 *     once (half away from zero, spec §9), is credited to the user's accumulated amount, which later orders may
 *     spend through `accumulatedOrderAmountUsed` (capped by `accumulatedAmountUsed` in user-discount.ts).
 * The base is the order's stored `total` (what the guest pays, after discounts and the accumulated amount used).
 * Only logged-in users earn; each order earns once, when it is paid (staff status `paid` or a verified online
 * payment) — the caller records that, this module only computes.
 */
import { parseNumber, type RawSettings } from '../settings.ts';
import { percentOf, type Minor } from '../money.ts';

export interface LoyaltySettings {
  /** Points per whole currency unit of the total; 0 = no points. */
  pointsPerCurrencyUnit: number;
  /** Percent of the total credited to the accumulated amount; 0 = off. */
  accumulatedAmountPercent: number;
}

export interface LoyaltyAward {
  points: number;
  /** Minor units. */
  accumulatedAmount: Minor;
}

/** Bounds of the catalogue (settings-catalogue.ts, area loyalty); out-of-range or unreadable values are clamped / 0. */
const MAX_POINTS_RATE = 1000;
const MAX_PERCENT = 100;

function clamp(n: number, max: number): number {
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.min(n, max);
}

/** Reads the two loyalty keys from a raw settings map (`key → value` or `key → {value}`). */
export function parseLoyaltySettings(raw: RawSettings): LoyaltySettings {
  return {
    pointsPerCurrencyUnit: clamp(parseNumber(raw.points_per_currency_unit, 0), MAX_POINTS_RATE),
    accumulatedAmountPercent: clamp(parseNumber(raw.accumulated_amount_percent, 0), MAX_PERCENT),
  };
}

/** Whether the venue awards anything at all. */
export function loyaltyEnabled(s: LoyaltySettings): boolean {
  return s.pointsPerCurrencyUnit > 0 || s.accumulatedAmountPercent > 0;
}

/** What one paid order of `total` minor units earns: never negative, always integers. */
export function loyaltyAward(total: Minor, s: LoyaltySettings): LoyaltyAward {
  if (!Number.isFinite(total) || total <= 0) return { points: 0, accumulatedAmount: 0 };
  const wholeUnits = Math.floor(Math.round(total) / 100);
  const rate = clamp(s.pointsPerCurrencyUnit, MAX_POINTS_RATE);
  // toPrecision strips float noise (3 × 0.1 = 0.30000000000000004) before rounding down.
  const points = Math.floor(Number((wholeUnits * rate).toPrecision(12)));
  const percent = clamp(s.accumulatedAmountPercent, MAX_PERCENT);
  return { points, accumulatedAmount: Math.max(0, percentOf(Math.round(total), percent)) };
}
