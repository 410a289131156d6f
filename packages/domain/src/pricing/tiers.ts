/**
 * Order-type price and discount tiers (spec §3, §9): the tier with the highest price_over reached (amount >=
 * price_over) wins, among tiers active now (active_start_time..active_end_time, venue-local, may wrap midnight).
 * Designed tie rule: tiers with the same price_over keep list order, the first one wins.
 */
import { percentOf, type Minor } from '../money.ts';
import { DEFAULT_TIME_ZONE, isInDailyWindow, localTime, parseClockTime } from '../dates.ts';

export interface TierWindow {
  active_start_time?: string | null;
  active_end_time?: string | null;
}

/** An order-type price tier: the price (minor units) charged once the amount reaches price_over. */
export interface PriceTier extends TierWindow {
  price_over: Minor;
  price: Minor;
}

export type DiscountValueType = 'percent' | 'money';

/** An order-type discount tier: percent, or money in minor units. */
export interface DiscountTier extends TierWindow {
  price_over: Minor;
  value: number;
  value_type: DiscountValueType;
}

/** Whether a tier's active window contains `now` (no window = always). */
export function isTierActive(tier: TierWindow, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  const from = parseClockTime(tier.active_start_time ?? null);
  const to = parseClockTime(tier.active_end_time ?? null);
  if (from == null && to == null) return true;
  return isInDailyWindow(localTime(now, timeZone).minutes, from, to);
}

/** The active tier with the highest price_over reached by `amount`, or null. */
export function pickTier<T extends TierWindow & { price_over: Minor }>(
  tiers: readonly T[] | null | undefined,
  amount: Minor,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): T | null {
  let best: T | null = null;
  for (const t of tiers ?? []) {
    if (amount < t.price_over || !isTierActive(t, now, timeZone)) continue;
    if (best === null || t.price_over > best.price_over) best = t;
  }
  return best;
}

/** The discount a value gives on `base`: percent of it (at most 100 %), or money capped at it; never negative. */
export function discountAmount(base: Minor, valueType: DiscountValueType, value: number): Minor {
  if (base <= 0 || !(value > 0)) return 0;
  if (valueType === 'percent') return Math.min(base, percentOf(base, Math.min(100, value)));
  return Math.min(base, Math.round(value));
}
