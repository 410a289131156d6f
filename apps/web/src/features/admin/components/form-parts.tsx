/**
 * Small inputs the admin forms share: 0/1 flags (a checkbox card of components/ui), numbers, texts, and
 * translations side by side.
 */
import { useEffect, useId, useState } from 'react';
import { LANGUAGES, type Language } from '@trapeza/domain/i18n';
import { ChoiceCard } from '../../../components/ui/choice-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import s from './admin.module.css';

export type Translations = Partial<Record<Exclude<Language, 'bg'>, Record<string, string>>>;

export function FlagInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (v: 0 | 1) => void;
}) {
  return (
    <ChoiceCard
      type="checkbox"
      dense
      label={label}
      checked={value === 1}
      onChange={(e) => onChange(e.target.checked ? 1 : 0)}
    />
  );
}

export function TextInput({
  label,
  value,
  onChange,
  multiline = false,
  required = false,
  placeholder,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (v: string) => void;
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
}) {
  const t = useAdminT();
  // A required text left empty says so under the input once it was left (Field's inline validation).
  const error = required && (value ?? '').trim() === '' ? t('validation.required') : null;
  return (
    <Field label={label} error={error}>
      {multiline ? (
        <textarea
          rows={3}
          value={value ?? ''}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          value={value ?? ''}
          required={required}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
}) {
  const t = useAdminT();
  // Outside its bounds: said under the input once it was left, with the bounds.
  const out = value != null && ((min !== undefined && value < min) || (max !== undefined && value > max));
  const error = !out
    ? null
    : min !== undefined && max !== undefined
      ? t('validation.between', { min, max })
      : min !== undefined
        ? t('validation.atLeast', { min })
        : t('validation.atMost', { max });
  return (
    <Field label={label} error={error}>
      <input
        type="number"
        value={value ?? ''}
        min={min}
        max={max}
        step={step}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      />
    </Field>
  );
}

/** Null for an empty text, so optional fields go back to null. */
export const orNull = (v: string): string | null => (v.trim() === '' ? null : v);

interface GridProps {
  /** field → label */
  fields: Record<string, string>;
  /** Bulgarian, the base fields */
  base: Record<string, string | null | undefined>;
  onBase: (field: string, value: string) => void;
  translations: Translations | undefined;
  onTranslations: (next: Translations) => void;
  multiline?: string[];
  /** the group's accessible name; "Translations" when not given */
  label?: string;
  /** the most characters each input takes */
  maxLength?: number;
  /** fields whose Bulgarian (base) text must not be empty: said under the input once it was left */
  required?: string[];
}

/** The five languages side by side: Bulgarian edits the base fields, the others `translations[lang][field]`. */
export function TranslationGrid({
  fields,
  base,
  onBase,
  translations,
  onTranslations,
  multiline = [],
  label: groupLabel,
  maxLength,
  required = [],
}: GridProps) {
  const t = useAdminT();
  const errorId = useId();
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const set = (lang: Exclude<Language, 'bg'>, field: string, value: string) => {
    const forLang = { ...(translations?.[lang] ?? {}) };
    if (value === '') delete forLang[field];
    else forLang[field] = value;
    const next: Translations = { ...(translations ?? {}), [lang]: forLang };
    if (Object.keys(forLang).length === 0) delete next[lang];
    onTranslations(next);
  };
  return (
    <fieldset className={s.translations} aria-label={groupLabel ?? t('common.translations')}>
      {LANGUAGES.map((lang) => (
        <div key={lang} className={s.field}>
          <strong lang={lang}>{t(`languages.${lang}`)}</strong>
          {Object.entries(fields).map(([field, label]) => {
            const value = lang === 'bg' ? (base[field] ?? '') : (translations?.[lang]?.[field] ?? '');
            const onChange = (v: string) => (lang === 'bg' ? onBase(field, v) : set(lang, field, v));
            const aria = `${label} (${lang})`;
            const invalid =
              lang === 'bg' && required.includes(field) && left.has(field) && value.trim() === '';
            const check =
              lang === 'bg' && required.includes(field)
                ? {
                    'aria-required': true,
                    'aria-invalid': invalid || undefined,
                    'aria-describedby': invalid ? `${errorId}-${field}` : undefined,
                    onBlur: () => setLeft((x) => new Set(x).add(field)),
                  }
                : {};
            const error = invalid && (
              <span id={`${errorId}-${field}`} className={s.error}>
                {t('validation.required')}
              </span>
            );
            return multiline.includes(field) ? (
              <textarea
                key={field}
                rows={3}
                aria-label={aria}
                placeholder={label}
                maxLength={maxLength}
                value={value}
                onChange={(e) => onChange(e.target.value)}
                {...check}
              />
            ) : (
              <span key={field} className={s.field} data-invalid={invalid || undefined}>
                <input
                  aria-label={aria}
                  placeholder={label}
                  maxLength={maxLength}
                  value={value}
                  onChange={(e) => onChange(e.target.value)}
                  {...check}
                />
                {error}
              </span>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}

/** A save result line: the server's message for a refusal, "saved" otherwise (and a "saved" toast). */
export function SaveStatus({ error, saved }: { error: unknown; saved: boolean }) {
  const t = useAdminT();
  useEffect(() => {
    if (saved && !error) showToast(t('common.saved'));
  }, [saved, error, t]);
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    return (
      <p className={s.error} role="alert">
        {t('errors.save')}: {message}
      </p>
    );
  }
  return saved ? (
    <p className={s.ok} role="status">
      {t('common.saved')}
    </p>
  ) : null;
}
