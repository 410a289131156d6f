/**
 * How an order's stored lines read in every answer that lists them (the guest's orders tab, the registered guest's
 * order history, the staff board): one mapping of a line and of a line's ingredient, and the grouping of a batch of
 * rows (several orders' lines read in one query) by their order or line.
 */
import { IngredientType } from '@trapeza/domain/contracts/menu';

/** The rows of a batch grouped by a key (an order's or a line's id); a key without rows reads as []. */
export function groupedBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): (key: K) => T[] {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return (key) => groups.get(key) ?? [];
}

/** The columns every answer shows of an order line (money in the row's units, as stored). */
export function orderLineSummary(l: {
  product_id: number;
  variant_id: number;
  name: string;
  size: string | null;
  quantity: number | string;
  line_total: number | string;
}) {
  return {
    product_id: l.product_id,
    variant_id: l.variant_id,
    name: l.name,
    size: l.size,
    quantity: Number(l.quantity),
    line_total: Number(l.line_total),
  };
}

/** A line's chosen ingredient; a stored type the contracts do not know reads as `addable`. */
export function orderLineIngredient(i: { ingredient_id: number; type: string; name: string; price: number }) {
  const type = IngredientType.safeParse(i.type);
  return {
    ingredient_id: i.ingredient_id,
    type: type.success ? type.data : ('addable' as const),
    name: i.name,
    price: i.price,
  };
}
