/**
 * Every venue setting of the catalogue, grouped by area, with its description, default and a typed input; working
 * hours per weekday with two ranges; functionality modules; languages offered. Values are checked with the domain's
 * rules before saving; the preview beside them shows the colours at once and reloads the guest page after a save.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChoiceCard, ChoiceCardGroup } from '../../../components/ui/choice-card.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import {
  languagesQuery,
  modulesQuery,
  saveLanguages,
  saveModules,
  saveSettings,
  settingsKeys,
  settingsQuery,
  type AdminLanguages,
  type AdminSettingRow,
  type SettingsChange,
} from '../api/settings.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { settingTexts } from '../lib/setting-texts.ts';
import { validateSettings } from '../lib/settings.ts';
import { SaveStatus } from './form-parts.tsx';
import { SettingInput } from './setting-input.tsx';
import { SettingsPreview } from './settings-preview.tsx';
import s from './admin.module.css';

type Changes = Record<string, string | null>;
type TranslationChanges = Record<string, Record<string, string>>;

export function SettingsPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery(place));
  const [changes, setChanges] = useState<Changes>({});
  const [translationChanges, setTranslationChanges] = useState<TranslationChanges>({});
  const [filter, setFilter] = useState('');
  const [revision, setRevision] = useState(0);
  const [saved, setSaved] = useState(false);

  const rows = useMemo(() => settings.data?.settings ?? [], [settings.data]);
  const problems = useMemo(() => validateSettings(rows, changes), [rows, changes]);
  const save = useMutation({
    mutationFn: (body: SettingsChange) => saveSettings(body),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.settings(place), answer);
      setChanges({});
      setTranslationChanges({});
      setSaved(true);
      setRevision((r) => r + 1);
    },
  });

  useUnsavedChanges(Object.keys(changes).length + Object.keys(translationChanges).length > 0);

  if (settings.isPending) return <PageLoading />;
  if (settings.error) return <ErrorMessage error={settings.error} onRetry={() => void settings.refetch()} />;

  const value = (row: AdminSettingRow) =>
    row.key in changes ? (changes[row.key] ?? row.default) : row.effective;
  const effective = Object.fromEntries(rows.map((r) => [r.key, value(r)]));
  const dirty = Object.keys(changes).length + Object.keys(translationChanges).length;
  const needle = filter.trim().toLowerCase();

  function change(key: string, v: string | null) {
    setSaved(false);
    setChanges((c) => ({ ...c, [key]: v }));
  }

  function submit() {
    const body: SettingsChange = { ...changes };
    for (const [key, tr] of Object.entries(translationChanges)) body[`${key}_translations`] = tr;
    save.mutate(body);
  }

  return (
    <div className={s.settingsLayout}>
      <div>
        <div className={`${s.card} ${s.row}`} style={{ position: 'sticky', top: 0, zIndex: 2 }}>
          <label className={s.field} style={{ flex: 1 }}>
            {t('settings.search')}
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          <span className={s.hint}>{t('settings.changed', { n: dirty })}</span>
          <button
            type="button"
            className={s.btn}
            disabled={dirty === 0 || Object.keys(problems).length > 0 || save.isPending}
            onClick={submit}
          >
            {t('common.save')}
          </button>
          <button
            type="button"
            className={s.btnGhost}
            disabled={dirty === 0}
            onClick={() => {
              setChanges({});
              setTranslationChanges({});
            }}
          >
            {t('common.discard')}
          </button>
          <SaveStatus error={save.error} saved={saved} />
        </div>
        <ModulesCard />
        <LanguagesCard />
        {settings.data.groups.map((group) => {
          const inGroup = rows.filter(
            (r) =>
              r.group === group &&
              (!needle ||
                r.key.includes(needle) ||
                Object.values(settingTexts(t, r)).some((text) => text.toLowerCase().includes(needle))),
          );
          if (inGroup.length === 0) return null;
          return (
            <section key={group} className={s.card} aria-labelledby={`group-${group}`}>
              <h2 id={`group-${group}`}>{t(`settings.groups.${group}`)}</h2>
              {inGroup.map((row) => (
                <SettingInput
                  key={row.key}
                  row={row}
                  value={value(row)}
                  changed={row.key in changes}
                  problem={problems[row.key]}
                  translations={translationChanges[row.key] ?? row.translations ?? {}}
                  onChange={(v) => change(row.key, v)}
                  onTranslations={(tr) => {
                    setSaved(false);
                    setTranslationChanges((c) => ({ ...c, [row.key]: tr }));
                  }}
                />
              ))}
            </section>
          );
        })}
        {settings.data.other.length > 0 && (
          <section className={s.card}>
            <h2>{t('settings.other')}</h2>
            <table className={s.table}>
              <tbody>
                {settings.data.other.map((o) => (
                  <tr key={o.key}>
                    <th>{o.key}</th>
                    <td>{o.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
      <SettingsPreview place={place} values={effective} revision={revision} />
    </div>
  );
}

function ModulesCard() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const modules = useQuery(modulesQuery(place));
  const save = useMutation({
    mutationFn: saveModules,
    onSuccess: (answer) => queryClient.setQueryData(settingsKeys.modules(place), answer),
  });
  if (!modules.data) return null;
  const on = new Set(modules.data.functionality_modules);
  return (
    <section className={s.card}>
      <h2>{t('settings.modules')}</h2>
      <ChoiceCardGroup
        legend={t('settings.modules')}
        hideLegend
        type="checkbox"
        layout="grid"
        dense
        className={s.bare}
      >
        {modules.data.available.map((m) => (
          <ChoiceCard
            key={m}
            label={t(`settings.moduleNames.${m}`)}
            checked={on.has(m)}
            disabled={save.isPending}
            onChange={(e) => {
              const next = new Set(on);
              if (e.target.checked) next.add(m);
              else next.delete(m);
              save.mutate(modules.data.available.filter((x) => next.has(x)));
            }}
          />
        ))}
      </ChoiceCardGroup>
      <SaveStatus error={save.error} saved={save.isSuccess} />
    </section>
  );
}

const ALL_LANGUAGES = ['bg', 'en', 'es', 'de', 'fr-CH'] as const;

function LanguagesCard() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const queryClient = useQueryClient();
  const languages = useQuery(languagesQuery(place));
  const [draft, setDraft] = useState<AdminLanguages | null>(null);
  const save = useMutation({
    mutationFn: saveLanguages,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.languages(place), answer);
      setDraft(null);
    },
  });
  if (!languages.data) return null;
  const list = draft ?? languages.data;
  const offered = new Set(list.map((l) => l.code));
  const move = (i: number, by: number) => {
    const next = [...list];
    const j = i + by;
    if (j < 0 || j >= next.length) return;
    [next[i], next[j]] = [next[j]!, next[i]!];
    setDraft(next);
  };
  const valid = list.length > 0 && list.filter((l) => l.is_default === 1).length === 1;
  return (
    <section className={s.card}>
      <h2>{t('settings.languages')}</h2>
      <table className={s.table}>
        <tbody>
          {list.map((l, i) => (
            <tr key={l.code}>
              <td>{t(`languages.${l.code}`)}</td>
              <td>
                <input
                  aria-label={t('settings.languageName', { code: l.code })}
                  value={l.name}
                  onChange={(e) =>
                    setDraft(list.map((x) => (x.code === l.code ? { ...x, name: e.target.value } : x)))
                  }
                />
              </td>
              <td>
                <ChoiceCard
                  type="radio"
                  dense
                  className={s.nowrap}
                  name="default-language"
                  label={t('settings.defaultLanguage')}
                  aria-label={t('settings.defaultLanguageOf', { language: t(`languages.${l.code}`) })}
                  checked={l.is_default === 1}
                  onChange={() =>
                    setDraft(list.map((x) => ({ ...x, is_default: x.code === l.code ? 1 : 0 })))
                  }
                />
              </td>
              <td>
                <button
                  type="button"
                  className={s.iconBtn}
                  disabled={i === 0}
                  aria-label={t('common.moveUp')}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={s.iconBtn}
                  disabled={i === list.length - 1}
                  aria-label={t('common.moveDown')}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={s.iconBtn}
                  disabled={list.length === 1 || l.is_default === 1}
                  aria-label={t('common.remove')}
                  onClick={() => setDraft(list.filter((x) => x.code !== l.code))}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={s.row}>
        {ALL_LANGUAGES.filter((c) => !offered.has(c)).map((code) => (
          <button
            key={code}
            type="button"
            className={s.btnGhost}
            onClick={() => setDraft([...list, { code, name: t(`languages.${code}`), is_default: 0 }])}
          >
            + {t(`languages.${code}`)}
          </button>
        ))}
        <button
          type="button"
          className={s.btn}
          disabled={!draft || !valid || save.isPending}
          onClick={() => draft && save.mutate(draft)}
        >
          {t('common.save')}
        </button>
      </div>
      <SaveStatus error={save.error} saved={save.isSuccess} />
    </section>
  );
}
