/** The order form's text field and field error, tied to their input by id and aria-describedby. */
import type { OrderFormValues } from '../../lib/order-form.ts';
import type { OrderFormModel } from '../../hooks/use-order-form.ts';

export function FieldError({ m, name }: { m: OrderFormModel; name: keyof OrderFormValues }) {
  const err = m.errorText(name);
  return err ? (
    <small id={`${m.formId}-${name}-error`} className="field-error">
      {err}
    </small>
  ) : null;
}

export function TextField({
  m,
  name,
  label,
  type = 'text',
  autoComplete,
}: {
  m: OrderFormModel;
  name: keyof OrderFormValues;
  label: string;
  type?: string;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={`${m.formId}-${name}`}>{label}</label>
      <input type={type} autoComplete={autoComplete} {...m.fieldProps(name)} {...m.form.register(name)} />
      <FieldError m={m} name={name} />
    </div>
  );
}
