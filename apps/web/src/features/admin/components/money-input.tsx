/**
 * An amount typed as a decimal ("12,50") and handed on as minor units (1250); invalid text is flagged, not sent.
 * It is the console's Field (components/ui/field.tsx): the error shows under the input once it was left (or a save
 * was tried, `showError`), marks it aria-invalid and describes it, with the other inputs' look. The problem is also
 * the input's custom validity, so its form is not sent with a wrong amount (the old one would be saved silently: a
 * wrong text is never handed on) and the save attempt shows the error even where the form passes no `showError`.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { formatMoneyInput, parseMoneyInput } from '../lib/money.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';

interface Props {
  label: string;
  /** minor units; null = empty */
  value: number | null;
  onChange: (minor: number | null) => void;
  /** an empty field is allowed (null) */
  optional?: boolean;
  hint?: string;
  /** show the error before the field was left (the form tried to save) */
  showError?: boolean;
}

export function MoneyInput({ label, value, onChange, optional = false, hint, showError = false }: Props) {
  const t = useAdminT();
  const [text, setText] = useState(() => formatMoneyInput(value));
  const [previous, setPrevious] = useState(value);
  // A new value from outside (another product loaded) replaces the text; our own echo does not.
  if (previous !== value) {
    setPrevious(value);
    if (parseMoneyInput(text) !== value) setText(formatMoneyInput(value));
  }
  const parsed = parseMoneyInput(text);
  const invalid = text.trim() === '' ? !optional : parsed === null;
  const error = invalid ? t('errors.money') : null;
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => input.current?.setCustomValidity(error ?? ''), [error]);
  return (
    <Field label={label} hint={hint} error={error} showError={showError}>
      <input
        ref={input}
        inputMode="decimal"
        value={text}
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
    </Field>
  );
}
