/**
 * A labelled form field with its hint and inline validation: the error shows under the input once the field was
 * left (or the form tried to save), is tied to it by aria-describedby, and marks it aria-invalid. A control that
 * reports its problem to the browser (setCustomValidity, as MoneyInput does) keeps its form from being sent: the
 * save attempt's `invalid` event shows the inline error instead of the browser's bubble and focuses the first such
 * control, so a form need not pass `showError` to be told.
 */
import { cloneElement, useId, useState, type FormEvent, type ReactElement } from 'react';
import s from './console.module.css';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onBlur?: (e: never) => void;
  onInvalid?: (e: FormEvent<HTMLInputElement>) => void;
}

export function Field({
  label,
  error,
  hint,
  showError = false,
  children,
}: {
  label: string;
  /** the problem with the current value, or null */
  error?: string | null;
  hint?: string;
  /** show the error even before the field was left (a save was tried) */
  showError?: boolean;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const visible = Boolean(error) && (touched || showError);
  const described = [hint ? `${id}-hint` : null, visible ? `${id}-error` : null].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    id: children.props.id ?? id,
    'aria-invalid': visible || undefined,
    'aria-describedby': described || undefined,
    // The control's own blur handler (a money input tidies its text) still runs.
    onBlur: (e: never) => {
      setTouched(true);
      children.props.onBlur?.(e);
    },
    onInvalid: (e: FormEvent<HTMLInputElement>) => {
      children.props.onInvalid?.(e);
      if (!error) return;
      setTouched(true);
      e.preventDefault();
      const control = e.currentTarget;
      if (control.form?.querySelector('input:invalid, select:invalid, textarea:invalid') === control)
        control.focus();
    },
  });
  return (
    <div className={s.field} data-invalid={visible || undefined}>
      <label htmlFor={children.props.id ?? id}>{label}</label>
      {control}
      {hint && (
        <span id={`${id}-hint`} className={s.hint}>
          {hint}
        </span>
      )}
      {visible && (
        <span id={`${id}-error`} className={s.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
