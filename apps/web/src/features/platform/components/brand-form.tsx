/** Create or edit a brand: name, slug, domain, logo, colours, languages, currency; server field errors inline. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformClient } from '@trapeza/domain/contracts/platform';
import { LANGUAGES } from '@trapeza/domain/i18n';
import { CURRENCY_CODES, type CurrencyCode } from '@trapeza/domain/money';
import { fieldErrors, type BrandDraft } from '../api/platform-api.ts';
import { Field } from './field.tsx';
import s from './platform.module.css';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';
import { Select } from '../../../components/ui/select.tsx';

const empty: BrandDraft = {
  name: '',
  slug: '',
  domain: null,
  logo: null,
  primary_color: null,
  secondary_color: null,
  languages: ['bg', 'en'],
  currency: 'EUR',
};

export function BrandForm({
  brand,
  onSave,
  onCancel,
}: {
  brand?: PlatformClient;
  onSave: (input: BrandDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'platform' });
  const [draft, setDraft] = useState<BrandDraft>(() =>
    brand
      ? {
          name: brand.name,
          slug: brand.slug,
          domain: brand.domain,
          logo: brand.logo,
          primary_color: brand.primary_color,
          secondary_color: brand.secondary_color,
          languages: brand.languages,
          currency: brand.currency,
        }
      : empty,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof BrandDraft>(key: K, value: BrandDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: 'domain' | 'logo' | 'primary_color' | 'secondary_color', value: string) =>
    set(key, value.trim() === '' ? null : value.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailed(null);
    try {
      await onSave({ ...draft, name: draft.name.trim(), slug: draft.slug.trim() });
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setFailed(Object.keys(fields).length > 0 ? t('form.invalid') : t('error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={s.card}
      onSubmit={(e) => void submit(e)}
      aria-label={brand ? brand.name : t('brands.new')}
    >
      <h2>{brand ? brand.name : t('brands.new')}</h2>
      <Field label={t('form.name')} error={errors.name}>
        {(p) => <input {...p} required value={draft.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field label={t('form.slug')} error={errors.slug}>
        {(p) => <input {...p} required value={draft.slug} onChange={(e) => set('slug', e.target.value)} />}
      </Field>
      <Field label={t('form.domain')} error={errors.domain}>
        {(p) => (
          <input
            {...p}
            placeholder="menu.example.com"
            value={draft.domain ?? ''}
            onChange={(e) => text('domain', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('form.logo')} error={errors.logo}>
        {(p) => <input {...p} value={draft.logo ?? ''} onChange={(e) => text('logo', e.target.value)} />}
      </Field>
      <div className={s.row}>
        <Field label={t('form.primaryColor')} error={errors.primary_color}>
          {(p) => (
            <input
              {...p}
              placeholder="#8c2f39"
              value={draft.primary_color ?? ''}
              onChange={(e) => text('primary_color', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('form.secondaryColor')} error={errors.secondary_color}>
          {(p) => (
            <input
              {...p}
              placeholder="#f4e9d8"
              value={draft.secondary_color ?? ''}
              onChange={(e) => text('secondary_color', e.target.value)}
            />
          )}
        </Field>
      </div>
      <ChoiceCardGroup legend={t('form.languages')} type="checkbox" layout="grid">
        {LANGUAGES.map((lang) => (
          <ChoiceCard
            key={lang}
            label={lang}
            checked={draft.languages.includes(lang)}
            onChange={(e) =>
              set(
                'languages',
                e.target.checked ? [...draft.languages, lang] : draft.languages.filter((l) => l !== lang),
              )
            }
          />
        ))}
      </ChoiceCardGroup>
      {errors.languages && <p className={s.error}>{errors.languages}</p>}
      <Field label={t('form.currency')} error={errors.currency}>
        {(p) => (
          <Select
            {...p}
            value={draft.currency}
            onValueChange={(v) => set('currency', v as CurrencyCode)}
            options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))}
          />
        )}
      </Field>
      {failed && (
        <p role="alert" className={s.error}>
          {failed}
        </p>
      )}
      <div className={s.row}>
        <button type="submit" className={s.btn} disabled={busy}>
          {brand ? t('form.save') : t('form.create')}
        </button>
        <button type="button" className={s.ghost} onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
