/**
 * The epay card choice of the order modal's payment step (issue 7, spec §4 "start payment with the key and
 * instrument if any"): the user's saved One Touch cards (users/payment-instruments, loaded at login into the
 * account store) or a new card, which the provider's page pays and saves. `value`: instrument id, null = new card.
 */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountStore } from '../../../stores/account-store.ts';

export function EpayCardChoice({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const instruments = useAccountStore((s) => s.paymentInstruments);
  const first = instruments[0]?.id ?? null;
  const known = value !== null && instruments.some((i) => i.id === value);
  // A saved card is offered first; a card that disappeared (deleted elsewhere) falls back to it.
  useEffect(() => {
    if (value !== null && !known) onChange(first);
  }, [value, known, first, onChange]);
  return (
    <fieldset className="fieldset" data-testid="epay-card-choice">
      <legend>{t('cart.epay.payWith')}</legend>
      {instruments.map((i) => (
        <label key={i.id} className="choice">
          <input type="radio" name={name} checked={value === i.id} onChange={() => onChange(i.id)} />
          <span>
            {i.name}
            {i.expires ? ` (${t('cart.epay.expires', { date: i.expires })})` : ''}
          </span>
        </label>
      ))}
      <label className="choice">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>{t('cart.epay.newCard')}</span>
      </label>
      {value === null && <p className="muted">{t('cart.epay.newCardHint')}</p>}
    </fieldset>
  );
}
