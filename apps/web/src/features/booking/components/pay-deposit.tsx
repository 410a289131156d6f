/**
 * "Pay deposit": `POST bookings/{id}/pay {token}`, then the answer goes to `/{place}/payment` the way an order's
 * payment form does (lib/deposit.ts), which auto-submits it to the provider. The link token is kept for the return.
 * Refusals the guest can act on get their own text; anything else the generic §8 message.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { payBookingDeposit } from '../api/bookings.ts';
import { handOverDeposit, rememberBookingToken } from '../lib/deposit.ts';

const KNOWN_REFUSALS = ['already_paid', 'booking_payment_expired', 'booking_not_payable'] as const;

export function PayDepositButton({ id, token, label }: { id: number; token: string; label?: string }) {
  const { t } = useTranslation();
  const venue = useVenue();
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const pay = async () => {
    setPaying(true);
    setError(null);
    try {
      const answer = await payBookingDeposit(venue.place, venue.lang, id, token);
      rememberBookingToken(id, token);
      const { to, state } = handOverDeposit(venue.place, answer);
      void navigate(to, { state });
    } catch (e) {
      setError(e ?? new Error('payment start failed'));
      setPaying(false);
    }
  };

  const code = error instanceof ApiRequestError ? error.body?.code : undefined;
  const known = KNOWN_REFUSALS.find((c) => c === code);
  return (
    <div className="stack">
      <p>
        <button type="button" className="button" disabled={paying} onClick={() => void pay()}>
          {paying ? t('booking.payStarting') : (label ?? t('booking.payDeposit'))}
        </button>
      </p>
      {known ? (
        <p role="alert" className="alert">
          {t(`booking.payRefused.${known}`)}
        </p>
      ) : (
        error !== null && <ErrorMessage error={error} />
      )}
    </div>
  );
}
