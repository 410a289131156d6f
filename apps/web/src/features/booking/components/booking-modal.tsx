/**
 * The booking modal of booking-type products (spec §2), for the product lists: nothing until a product is tapped,
 * then the booking flow's lazy chunk (the menu pages do not carry the booking code).
 */
import { lazy, Suspense } from 'react';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { normalizeLanguage } from '@trapeza/domain/i18n';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { i18next } from '../../../i18n/i18n.ts';
import { bookingBundle } from '../i18n/loaders.ts';

/**
 * The modal's code and the booking texts it waits for: the product cards' booking buttons ask for them on the
 * guest's intent and hold a tap until they are there (hooks/use-lazy-opener.ts), so the modal opens at once.
 */
export const loadBookingModal = () =>
  Promise.all([
    import('./booking-product-modal.tsx'),
    loadFeatureBundle(
      'booking',
      bookingBundle,
      normalizeLanguage(i18next.resolvedLanguage ?? i18next.language),
    ),
  ]);

const BookingProductModal = lazy(() => import('./booking-product-modal.tsx'));

export function BookingModal({ product, onClose }: { product: StoreProduct | null; onClose: () => void }) {
  if (!product) return null;
  return (
    <Suspense fallback={null}>
      <BookingProductModal product={product} onClose={onClose} />
    </Suspense>
  );
}
