/** Name, phone and (when the venue asks) e-mail: every order type but the table's. */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { TextField } from './fields.tsx';

export function ContactSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField m={m} name="name" label={t('cart.fields.name')} autoComplete="name" />
      <TextField m={m} name="phone" label={t('cart.fields.phone')} type="tel" autoComplete="tel" />
      {m.emailVisible && (
        <TextField m={m} name="email" label={t('cart.fields.email')} type="email" autoComplete="email" />
      )}
    </>
  );
}
