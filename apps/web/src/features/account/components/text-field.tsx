/** A labelled input with its hint and its validation message (the domain code → account text), wired for AT. */
import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import styles from './account.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: string;
}

export function TextField({ label, registration, error, hint, ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        {...registration}
      />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {fieldErrorText(error, t)}
        </span>
      )}
    </div>
  );
}

/** A resolver error's type is a domain ValidationCode, or a form-level key under account.*. */
export function fieldErrorText(error: FieldError, t: (key: string) => string): string {
  const code = String(error.type);
  return code.startsWith('account.') ? t(code) : t(`account.validation.${code}`);
}
