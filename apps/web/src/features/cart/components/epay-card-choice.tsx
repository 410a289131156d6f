/**
 * The epay card choice of the order modal's payment step (issue 7, spec §4 "start payment with the key and
 * instrument if any"): the user's saved One Touch cards (users/payment-instruments, loaded at login into the
 * account store) or a new card, which the provider's page pays and saves. `value`: instrument id, null = new card.
 */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountStore } from '../../../stores/account-store.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';

const NEW_CARD = 'new';

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
    <div data-testid="epay-card-choice">
      <ChoiceCardGroup
        legend={t('cart.epay.payWith')}
        name={name}
        value={value === null ? NEW_CARD : String(value)}
        onValueChange={(v) => onChange(v === NEW_CARD ? null : Number(v))}
      >
        {instruments.map((i) => (
          <ChoiceCard
            key={i.id}
            value={String(i.id)}
            label={`${i.name}${i.expires ? ` (${t('cart.epay.expires', { date: i.expires })})` : ''}`}
          />
        ))}
        <ChoiceCard value={NEW_CARD} label={t('cart.epay.newCard')} />
      </ChoiceCardGroup>
      {value === null && <p className="muted">{t('cart.epay.newCardHint')}</p>}
    </div>
  );
}
