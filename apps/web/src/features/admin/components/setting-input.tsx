/** One setting: its key, description, default and a typed input; translatable texts open the other languages. */
import { useState } from 'react';
import { LANGUAGES } from '@trapeza/domain/i18n';
import type { AdminSettingRow } from '../api/settings.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { ImageField } from './image-drop.tsx';
import { WorkingHoursInput } from './working-hours-input.tsx';
import s from './admin.module.css';
import { settingOptionLabel, settingTexts } from '../lib/setting-texts.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';
import { Select } from '../../../components/ui/select.tsx';

interface Props {
  row: AdminSettingRow;
  value: string;
  changed: boolean;
  problem: string | undefined;
  translations: Record<string, string>;
  onChange: (value: string | null) => void;
  onTranslations: (value: Record<string, string>) => void;
}

export function SettingInput({
  row,
  value,
  changed,
  problem,
  translations,
  onChange,
  onTranslations,
}: Props) {
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const id = `setting-${row.key}`;
  const { label } = settingTexts(t, row);
  const describedBy = `${id}-desc`;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': problem ? true : undefined };

  let input;
  // A flag's card and a list's group carry the setting's name themselves (no second label).
  let named = false;
  switch (row.type) {
    case 'flag':
      named = true;
      input = (
        <ChoiceCard
          type="checkbox"
          dense
          id={id}
          aria-describedby={describedBy}
          invalid={Boolean(problem)}
          label={label}
          checked={value === '1'}
          onChange={(e) => onChange(e.target.checked ? '1' : '0')}
        />
      );
      break;
    case 'integer':
    case 'number':
      input = (
        <input
          type="number"
          {...common}
          min={row.min}
          max={row.max}
          step={row.type === 'integer' ? 1 : 'any'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'money':
      input = (
        <input inputMode="decimal" {...common} value={value} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case 'enum':
    case 'language':
      input = (
        <Select
          {...common}
          value={value}
          onValueChange={onChange}
          options={(row.options ?? []).map((o) => ({ value: o.value, label: settingOptionLabel(t, row, o) }))}
        />
      );
      break;
    case 'list': {
      const items = new Set(value.split(',').filter(Boolean));
      named = true;
      input = (
        <ChoiceCardGroup id={id} legend={label} type="checkbox" layout="grid" dense className={s.bare}>
          {row.options?.map((o) => (
            <ChoiceCard
              key={o.value}
              label={settingOptionLabel(t, row, o)}
              aria-describedby={describedBy}
              checked={items.has(o.value)}
              onChange={(e) => {
                const next = new Set(items);
                if (e.target.checked) next.add(o.value);
                else next.delete(o.value);
                onChange(
                  row
                    .options!.filter((x) => next.has(x.value))
                    .map((x) => x.value)
                    .join(','),
                );
              }}
            />
          ))}
        </ChoiceCardGroup>
      );
      break;
    }
    case 'color':
      input = (
        <span className={s.row}>
          <input
            type="color"
            aria-label={t('settings.pickColour', { key: label })}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
          <input {...common} value={value} size={9} onChange={(e) => onChange(e.target.value)} />
        </span>
      );
      break;
    case 'long_text':
    case 'html':
      input = (
        <textarea
          {...common}
          rows={row.type === 'html' ? 6 : 3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'image':
      return (
        <div className={s.field} data-setting={row.key}>
          <ImageField label={label} value={value} onChange={(v) => onChange(v ?? '')} />
          <Meta
            row={row}
            id={describedBy}
            problem={problem}
            changed={changed}
            onReset={() => onChange(null)}
          />
        </div>
      );
    case 'working_hours':
      input = <WorkingHoursInput value={value} onChange={onChange} />;
      break;
    case 'secret':
      input = (
        <input
          type="password"
          autoComplete="off"
          {...common}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    default:
      input = (
        <input
          type={
            row.type === 'email'
              ? 'email'
              : row.type === 'url'
                ? 'url'
                : row.type === 'phone'
                  ? 'tel'
                  : 'text'
          }
          {...common}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }

  return (
    <div className={s.field} data-setting={row.key} style={{ marginBottom: '0.75rem' }}>
      {!named && (
        <label htmlFor={id}>
          <strong>{label}</strong>
        </label>
      )}
      {input}
      <Meta row={row} id={describedBy} problem={problem} changed={changed} onReset={() => onChange(null)} />
      {row.translatable && (
        <div>
          <button type="button" className={s.btnGhost} aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('settings.translations')}
          </button>
          {open && (
            <div className={s.translations}>
              {LANGUAGES.filter((l) => l !== 'bg').map((lang) => (
                <label key={lang} className={s.field}>
                  {t(`languages.${lang}`)}
                  <textarea
                    rows={2}
                    value={translations[lang] ?? ''}
                    onChange={(e) => {
                      const next = { ...translations, [lang]: e.target.value };
                      if (e.target.value === '') delete next[lang];
                      onTranslations(next);
                    }}
                  />
                </label>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function Meta({
  row,
  id,
  problem,
  changed,
  onReset,
}: {
  row: AdminSettingRow;
  id: string;
  problem: string | undefined;
  changed: boolean;
  onReset: () => void;
}) {
  const t = useAdminT();
  return (
    <>
      <span id={id} className={s.hint}>
        {settingTexts(t, row).help} · <code>{row.key}</code> · {t('settings.default')}:{' '}
        <code>{row.default === '' ? t('settings.empty') : row.default}</code>
        {row.value !== null && !changed && (
          <>
            {' '}
            <button type="button" className={s.iconBtn} onClick={onReset}>
              {t('settings.reset')}
            </button>
          </>
        )}
        {changed && <strong> · {t('settings.unsaved')}</strong>}
      </span>
      {problem && (
        <span className={s.error} role="alert">
          {problem}
        </span>
      )}
    </>
  );
}
