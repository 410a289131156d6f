/** Saved One Touch cards (users/payment-instruments) or a new card; value: instrument id, or null for a new card. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorePaymentInstrument } from '@trapeza/domain/contracts/users';

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
    <fieldset className="fieldset">
      <legend>{t('payments.payWith')}</legend>
      {instruments.map((i) => (
        <label key={i.id} className="choice">
          <input type="radio" name={name} checked={value === i.id} onChange={() => onChange(i.id)} />
          <span>
            {i.name}
            {i.expires ? ` (${t('payments.expires', { date: i.expires })})` : ''}
          </span>
        </label>
      ))}
      <label className="choice">
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        <span>{t('payments.newCard')}</span>
      </label>
    </fieldset>
  );
}
