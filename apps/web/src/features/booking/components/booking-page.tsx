/**
 * `/{place}/reservations` (spec §2): the table booking form; with `?booking={id}&token=…` (the confirmation
 * e-mail's link) the booking and its cancel button instead. The module switched off → "not available" (the e-mailed
 * link still works then, as the server allows, so existing bookings can be cancelled). Back from a deposit payment
 * (`?booking={id}&payment=ok|cancel`, the token kept in this tab) → the booking until the server confirms it.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { usePageMeta } from '../../../hooks/use-page-meta.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { bookingBundle } from '../i18n/loaders.ts';
import { BookingFlow, BookingUnavailable } from './booking-flow.tsx';
import { rememberedBookingToken } from '../lib/deposit.ts';
import { BookingLinkView } from './booking-link-view.tsx';
import { BookingPaymentReturn } from './booking-payment-return.tsx';

export function BookingPage() {
  useFeatureTranslations('booking', bookingBundle);
  const { t } = useTranslation();
  const venue = useVenue();
  const [params] = useSearchParams();
  const id = Number(params.get('booking'));
  const validId = Number.isInteger(id) && id > 0;
  const payment = validId ? params.get('payment') : null;
  const token = params.get('token') ?? (payment ? rememberedBookingToken(id) : null);
  const link = validId && token ? { id, token } : null;
  usePageMeta(link || payment ? t('booking.cancelTitle') : t('booking.title'), venue.name);
  const active = venue.info.functionality_modules.includes('booking');
  return (
    <div className="page page-narrow">
      <h1>{link || payment ? t('booking.cancelTitle') : t('booking.title')}</h1>
      {payment ? (
        link ? (
          <BookingPaymentReturn id={link.id} token={link.token} cancelled={payment !== 'ok'} />
        ) : (
          <p role="alert" className="alert">
            {t('booking.paymentNoToken')}
          </p>
        )
      ) : link ? (
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
