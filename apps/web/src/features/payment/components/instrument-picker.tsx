/** Saved One Touch cards (users/payment-instruments) or a new card; value: instrument id, or null for a new card. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorePaymentInstrument } from '@trapeza/domain/contracts/users';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';

const NEW_CARD = 'new';

export function InstrumentPicker({
  instruments,
  value,
  onChange,
}: {
  instruments: StorePaymentInstrument[];
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <ChoiceCardGroup
      legend={t('payments.payWith')}
      name={name}
      value={value === null ? NEW_CARD : String(value)}
      onValueChange={(v) => onChange(v === NEW_CARD ? null : Number(v))}
    >
      {instruments.map((i) => (
        <ChoiceCard
          key={i.id}
          value={String(i.id)}
          label={`${i.name}${i.expires ? ` (${t('payments.expires', { date: i.expires })})` : ''}`}
        />
      ))}
      <ChoiceCard value={NEW_CARD} label={t('payments.newCard')} />
    </ChoiceCardGroup>
  );
}
