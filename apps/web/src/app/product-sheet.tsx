/**
 * The product sheet (issue 21 #3): a card's add button opens the product's sizes, extras and comment in a bottom
 * sheet on a phone (a dialog on wider screens) — named by the product, focus kept inside, Escape closes, the focus
 * back on the card's button. Its body (the product page's form) is its own chunk, loaded when first opened.
 */
import { lazy, Suspense } from 'react';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import type { PriceContext } from '../features/menu/components/product-card.tsx';

const loadSheetBody = () => import('./product-sheet-body.tsx');
const ProductSheetBody = lazy(loadSheetBody);

/**
 * The sheet's code, which a card's add button waits for after a tap (hooks/use-lazy-opener.ts, with the ingredients
 * the body asks for: hooks/use-product-cards.ts), so the sheet opens at once.
 */
export const loadProductSheet = (): Promise<unknown> => loadSheetBody();

export interface ProductSheetProps {
  product: StoreProduct | null;
  priceContext: PriceContext;
  avoidAllergens: number[];
  onClose: () => void;
}

export function ProductSheet(props: ProductSheetProps) {
  if (!props.product) return null;
  return (
    <Suspense fallback={null}>
      <ProductSheetBody {...props} product={props.product} />
    </Suspense>
  );
}
