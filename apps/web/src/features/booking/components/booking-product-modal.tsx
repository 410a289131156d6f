/**
 * Booking-type products (spa treatment, tasting menu, …) open this modal instead of a product page (spec §2): the
 * booking flow with the product and its first variant preselected, so the variant's booking_duration sets the slot.
 * A lazy chunk of its own (booking-modal.tsx loads it on the first tap).
 */
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { bookingBundle } from '../i18n/loaders.ts';
import { BookingFlow, BookingUnavailable } from './booking-flow.tsx';

export default function BookingProductModal({
  product,
  onClose,
}: {
  product: StoreProduct;
  onClose: () => void;
}) {
  useFeatureTranslations('booking', bookingBundle);
  const venue = useVenue();
  const lang = venue.lang;
  const name = translateField(product, 'name', lang);
  const description = translateField(product, 'description', lang);
  const active = venue.info.functionality_modules.includes('booking');
  return (
    <Modal open title={name} onClose={onClose}>
      {description && <p>{description}</p>}
      {active ? <BookingFlow product={{ ...product, name }} onClose={onClose} /> : <BookingUnavailable />}
    </Modal>
  );
}
