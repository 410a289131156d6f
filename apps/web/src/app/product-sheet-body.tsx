/** The product sheet's body: the product page's form in a sheet; adding closes it (ProductSheet). */
import { useSuspenseQuery } from '@tanstack/react-query';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { createCartLine } from '@trapeza/domain/cart';
import { translateField } from '@trapeza/domain/i18n';
import { checkProductOrderable } from '@trapeza/domain/visibility';
import { ingredientsQueryOptions } from '../api/get-ingredients.ts';
import { Modal } from '../components/ui/modal.tsx';
import { ProductDetail } from '../features/product/components/product-detail.tsx';
import { useMenu } from '../hooks/use-menu.ts';
import { useVenue } from '../hooks/use-venue.ts';
import { useCartStore } from '../stores/cart-store.ts';
import type { ProductSheetProps } from './product-sheet.tsx';

export default function ProductSheetBody({
  product,
  priceContext,
  avoidAllergens,
  onClose,
}: ProductSheetProps & { product: StoreProduct }) {
  const venue = useVenue();
  const menu = useMenu();
  const { data: ingredients } = useSuspenseQuery(ingredientsQueryOptions(venue.place));
  const add = useCartStore((s) => s.add);
  return (
    <Modal open sheet title={translateField(product, 'name', venue.lang)} onClose={onClose}>
      <ProductDetail
        inSheet
        product={product}
        ingredients={ingredients}
        lang={venue.lang}
        currency={venue.currency}
        priceContext={priceContext}
        avoidAllergens={avoidAllergens}
        orderAllowed={checkProductOrderable(product, menu.byId).ok}
        addToCartHidden={false}
        addToCartPosition="bottom"
        onAdd={(variantId, chosen, comment, quantity) => {
          const variant = product.product_variants.find((v) => v.id === variantId);
          if (!variant) return;
          const map = new Map(ingredients.map((i) => [i.id, i]));
          add(
            createCartLine(product, variant, { now: new Date(), ingredients: map, chosen }),
            comment,
            quantity,
          );
          onClose();
        }}
      />
    </Modal>
  );
}
