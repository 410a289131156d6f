/**
 * An order line keeps the product's name and size as they were when it was ordered, in the venue's base language
 * (Bulgarian): the guest's order lists show them in the guest's language instead, from the place's menu, as long as
 * the line names what the menu still calls that product and variant (not renamed since); otherwise as stored.
 */
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import { productsQueryOptions } from '../api/get-products.ts';

export interface OrderedLine {
  product_id: number;
  variant_id: number;
  name: string;
  size: string | null;
}

export function useLineNames(
  place: string,
  lang: string,
): (line: OrderedLine) => { name: string; size: string | null } {
  const { data: products } = useQuery(productsQueryOptions(place));
  const byId = useMemo(
    () => new Map<number, StoreProduct>((products ?? []).map((p) => [p.id, p])),
    [products],
  );
  return useCallback(
    (line: OrderedLine) => {
      const product = byId.get(line.product_id);
      if (!product || product.name !== line.name) return { name: line.name, size: line.size };
      const variant = product.product_variants.find((v) => v.id === line.variant_id);
      const size =
        variant && variant.size === line.size && line.size
          ? translateField(variant, 'size', lang) || line.size
          : line.size;
      return { name: translateField(product, 'name', lang) || line.name, size };
    },
    [byId, lang],
  );
}
