/**
 * The booking modal of booking-type products (spec §2), for the product lists: nothing until a product is tapped,
 * then the booking flow's lazy chunk (the menu pages do not carry the booking code).
 */
import { lazy, Suspense } from 'react';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';

const BookingProductModal = lazy(() => import('./booking-product-modal.tsx'));

export function BookingModal({ product, onClose }: { product: StoreProduct | null; onClose: () => void }) {
  if (!product) return null;
  return (
    <Suspense fallback={null}>
      <BookingProductModal product={product} onClose={onClose} />
    </Suspense>
  );
}
