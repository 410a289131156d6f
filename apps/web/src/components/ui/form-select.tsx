/**
 * `Select` as a react-hook-form field: value, change, blur (touched, validation on blur) and the ref (focus on the
 * first invalid field) go through the form's controller, as `register()` did for a native select.
 */
import {
  useController,
  type Control,
  type FieldValues,
  type Path,
  type UseControllerProps,
} from 'react-hook-form';
import { Select, type SelectProps } from './select.tsx';

export function FormSelect<T extends FieldValues>({
  control,
  name,
  rules,
  onBlur,
  ...props
}: Omit<SelectProps, 'value' | 'onValueChange' | 'name' | 'ref'> & {
  control: Control<T>;
  name: Path<T>;
  /** validation of this field alone (a form with a resolver validates there) */
  rules?: UseControllerProps<T>['rules'];
}) {
  const {
    field: { ref: focusRef, value, onChange, onBlur: markTouched, disabled },
  } = useController({ control, name, rules });
  return (
    <Select
      {...props}
      name={name}
      ref={focusRef}
      value={(value as string | null | undefined) ?? ''}
      disabled={props.disabled ?? disabled}
      onValueChange={onChange}
      onBlur={(e) => {
        markTouched();
        onBlur?.(e);
      }}
    />
  );
}
