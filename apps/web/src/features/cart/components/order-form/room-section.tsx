/** A room order (type 6): the room (fixed by the room's session, else typed) and the additional order type. */
import { useTranslation } from 'react-i18next';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';
import { FormSelect } from '../../../../components/ui/form-select.tsx';
import { FieldError, TextField } from './fields.tsx';

export function RoomSection({ m }: { m: OrderFormModel }) {
  const { t } = useTranslation();
  const { tableSession, venue } = m.ctx;
  const additional = venue.settings.room_additional_order_types;
  return (
    <>
      {tableSession?.room_number ? (
        <p>{t('cart.room', { room: tableSession.room_number })}</p>
      ) : (
        <TextField m={m} name="roomNumber" label={t('cart.fields.roomNumber')} />
      )}
      {additional.length > 0 && (
        <div className="field">
          <label htmlFor={`${m.formId}-additionalOrderType`}>{t('cart.fields.additionalOrderType')}</label>
          <FormSelect
            {...m.fieldProps('additionalOrderType')}
            control={m.form.control}
            name="additionalOrderType"
            options={[
              { value: '', label: '—' },
              ...additional.map((o) => ({
                value: o,
                label: t(`cart.additionalTypes.${o}`, { defaultValue: o }),
              })),
            ]}
          />
          <FieldError m={m} name="additionalOrderType" />
        </div>
      )}
    </>
  );
}
