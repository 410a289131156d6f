/**
 * `/{place}/reservations` (spec §2): the table booking form; with `?booking={id}&token=…` (the confirmation
 * e-mail's link) the booking and its cancel button instead. The module switched off → "not available" (the e-mailed
 * link still works then, as the server allows, so existing bookings can be cancelled).
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { usePageMeta } from '../../../hooks/use-page-meta.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { bookingBundle } from '../i18n/loaders.ts';
import { BookingFlow, BookingUnavailable } from './booking-flow.tsx';
import { BookingLinkView } from './booking-link-view.tsx';

export function BookingPage() {
  useFeatureTranslations('booking', bookingBundle);
  const { t } = useTranslation();
  const venue = useVenue();
  const [params] = useSearchParams();
  const id = Number(params.get('booking'));
  const token = params.get('token');
  const link = Number.isInteger(id) && id > 0 && token ? { id, token } : null;
  usePageMeta(link ? t('booking.cancelTitle') : t('booking.title'), venue.name);
  const active = venue.info.functionality_modules.includes('booking');
  return (
    <div className="page page-narrow">
      <h1>{link ? t('booking.cancelTitle') : t('booking.title')}</h1>
      {link ? (
        <BookingLinkView id={link.id} token={link.token} />
      ) : active ? (
        <>
          <p className="lead">{t('booking.intro')}</p>
          <BookingFlow />
        </>
      ) : (
        <BookingUnavailable />
      )}
    </div>
  );
}
