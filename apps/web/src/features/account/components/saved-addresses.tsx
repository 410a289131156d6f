/**
 * The guest's saved delivery addresses at this venue (spec §3 `{product}_user_addresses`, keyed by place id):
 * list, remove and add, with the domain's address rules (street, number ≤ 10, floor, apartment, bell, entrance).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validateAddress, type ValidationCode } from '@trapeza/domain/validation';
import { domainResolver, type FieldCodes } from '../hooks/domain-resolver.ts';
import { addressLine, useSavedAddresses, type SavedAddressInput } from '../hooks/use-saved-addresses.ts';
import { TextField } from './text-field.tsx';
import styles from './account.module.css';

type AddressValues = Required<
  Pick<SavedAddressInput, 'street' | 'number' | 'floor' | 'apartment' | 'bell' | 'entrance'>
> & {
  label: string;
};

const FIELD_OF: Partial<Record<ValidationCode, keyof AddressValues>> = {
  invalid_address: 'street',
  street_number_required: 'number',
  street_number_too_long: 'number',
  floor_required: 'floor',
  floor_too_long: 'floor',
  apartment_required: 'apartment',
  apartment_too_long: 'apartment',
  bell_required: 'bell',
  bell_too_long: 'bell',
  entrance_required: 'entrance',
  entrance_too_long: 'entrance',
};

const resolver = domainResolver<AddressValues>((v) => {
  const codes: FieldCodes<AddressValues> = {};
  for (const code of validateAddress(v)) {
    const field = FIELD_OF[code];
    if (field && !codes[field]) codes[field] = code;
  }
  return codes;
});

const EMPTY: AddressValues = {
  label: '',
  street: '',
  number: '',
  floor: '',
  apartment: '',
  bell: '',
  entrance: '',
};

export function SavedAddresses({ placeId }: { placeId: number }) {
  const { t } = useTranslation();
  const { addresses, save, remove } = useSavedAddresses(placeId);
  const [adding, setAdding] = useState(false);
  const form = useForm<AddressValues>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const field = (name: keyof AddressValues, autoComplete?: string) => (
    <TextField
      label={t(`account.addresses.${name}`)}
      autoComplete={autoComplete}
      registration={form.register(name)}
      error={errors[name]}
    />
  );
  return (
    <section aria-labelledby="saved-addresses" className="card-section">
      <h2 id="saved-addresses">{t('account.addresses.title')}</h2>
      <p className="muted">{t('account.addresses.intro')}</p>
      {addresses.length === 0 ? (
        <p>{t('account.addresses.empty')}</p>
      ) : (
        <ul className={styles.addressList}>
          {addresses.map((a) => (
            <li key={a.id} className={styles.addressItem}>
              <span>
                {a.label ? <strong>{a.label}: </strong> : null}
                {addressLine(a)}
                <br />
                <span className="muted">
                  {t('account.addresses.details', {
                    floor: a.floor,
                    apartment: a.apartment,
                    bell: a.bell,
                    entrance: a.entrance,
                  })}
                </span>
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('account.addresses.remove', { address: a.label || addressLine(a) })}
                onClick={() => remove(a.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={form.handleSubmit((v) => {
            const trimmed = Object.fromEntries(
              Object.entries(v).map(([k, value]) => [k, value.trim()]),
            ) as AddressValues;
            save({ ...trimmed, label: trimmed.label || undefined });
            form.reset(EMPTY);
            setAdding(false);
          })}
        >
          {field('label')}
          <div className={styles.grid2}>
            {field('street', 'address-line1')}
            {field('number')}
            {field('floor')}
            {field('apartment')}
            {field('bell')}
            {field('entrance')}
          </div>
          <button type="submit" className="button">
            {t('account.addresses.save')}
          </button>
        </form>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
          {t('account.addresses.add')}
        </button>
      )}
    </section>
  );
}
