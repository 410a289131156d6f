/**
 * Per-category discount (spec §9): the configured value is multiplied by the number of distinct categories in the
 * cart (e.g. 2 % per category, 3 categories → 6 %; or 1.00 per category → 3.00), capped at the amount.
 * Designed: lines without a category do not count; the count uses catHierarchyId.
 */
import type { Minor } from '../money.ts';
import { discountAmount, type DiscountValueType } from './tiers.ts';

export interface CategoryDiscount {
  value: number;
  value_type: DiscountValueType;
}

export function distinctCategoryCount(lines: readonly { catHierarchyId?: number | null }[]): number {
  return new Set(lines.map((l) => l.catHierarchyId).filter((c): c is number => c != null)).size;
}

/** The per-category discount on `base`. */
export function categoryDiscountAmount(
  discount: CategoryDiscount | null | undefined,
  categoryCount: number,
  base: Minor,
): Minor {
  if (!discount || categoryCount <= 0) return 0;
  return discountAmount(base, discount.value_type, Number(discount.value) * categoryCount);
}
