/** Booking-type products open a booking modal instead of a product page (spec §2); the booking form is its own screen. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { translateField } from '@trapeza/domain/i18n';
import { Modal } from '../../../components/ui/modal.tsx';

export function BookingModal({
  place,
  product,
  lang,
  onClose,
}: {
  place: string;
  product: StoreProduct | null;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (!product) return null;
  const name = translateField(product, 'name', lang);
  const description = translateField(product, 'description', lang);
  return (
    <Modal open title={name} onClose={onClose}>
      {description && <p>{description}</p>}
      <Link className="button" to={`/${place}/reservations?product=${product.id}`}>
        {t('booking.continue')}
      </Link>
    </Modal>
  );
}
