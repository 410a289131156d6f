/** An amount typed as a decimal ("12,50") and handed on as minor units (1250); invalid text is flagged, not sent. */
import { useId, useState } from 'react';
import { formatMoneyInput, parseMoneyInput } from '../lib/money.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

interface Props {
  label: string;
  /** minor units; null = empty */
  value: number | null;
  onChange: (minor: number | null) => void;
  /** an empty field is allowed (null) */
  optional?: boolean;
  hint?: string;
}

export function MoneyInput({ label, value, onChange, optional = false, hint }: Props) {
  const t = useAdminT();
  const id = useId();
  const [text, setText] = useState(() => formatMoneyInput(value));
  const [previous, setPrevious] = useState(value);
  // A new value from outside (another product loaded) replaces the text; our own echo does not.
  if (previous !== value) {
    setPrevious(value);
    if (parseMoneyInput(text) !== value) setText(formatMoneyInput(value));
  }
  const parsed = parseMoneyInput(text);
  const invalid = text.trim() === '' ? !optional : parsed === null;
  // The label names the input; the error and the hint describe it (outside the label, so its name stays put).
  const described = [invalid && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className={s.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={text}
        aria-invalid={invalid}
        aria-describedby={described || undefined}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const minor = next.trim() === '' ? null : parseMoneyInput(next);
          if (next.trim() === '' || minor !== null) onChange(minor);
        }}
        onBlur={() => {
          if (parsed !== null) setText(formatMoneyInput(parsed));
        }}
      />
      {invalid && (
        <span id={`${id}-error`} className={s.error}>
          {t('errors.money')}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className={s.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
