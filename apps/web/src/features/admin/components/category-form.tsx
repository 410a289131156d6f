/**
 * A category's every field (spec §3): translations side by side, type normal / image / link with its links, icon,
 * background image, video, PDF, the spot / delivery visibility flags, order_allowed and open_call_waiter.
 */
import { useState, type FormEvent } from 'react';
import type { AdminCategoryUpdateBody } from '@trapeza/domain/contracts/admin';
import type { AdminCategory } from '../api/menu.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import {
  FlagInput,
  SaveStatus,
  TextInput,
  TranslationGrid,
  orNull,
  type Translations,
} from './form-parts.tsx';
import { ImageField } from './image-drop.tsx';
import s from './admin.module.css';
import { Select } from '../../../components/ui/select.tsx';

export type CategoryDraft = Required<Omit<AdminCategoryUpdateBody, 'priority'>>;

const VISIBILITY = [
  'show_cat_only_for_spot_orders',
  'hide_cat_only_for_spot_orders',
  'show_only_for_spot_browse',
  'hide_only_for_spot_browse',
  'show_cat_only_for_delivery_orders',
  'hide_cat_only_for_delivery_orders',
] as const;

function categoryDraft(c: AdminCategory | null, parentId: number | null): CategoryDraft {
  return {
    name: c?.name ?? '',
    slug: c?.slug ?? '',
    description: c?.description ?? null,
    translations: (c?.translations as Translations | undefined) ?? {},
    icon: c?.icon ?? null,
    type: c?.type ?? 'normal',
    links: c?.links ?? [],
    parentId: c ? c.parentId : parentId,
    background_image: c?.background_image ?? null,
    video_name: c?.video_name ?? null,
    pdf_path: c?.pdf_path ?? null,
    open_call_waiter: (c?.open_call_waiter ?? 0) as 0 | 1,
    order_allowed: (c?.order_allowed ?? 1) as 0 | 1,
    active: c?.active ?? 1,
    show_cat_only_for_spot_orders: (c?.show_cat_only_for_spot_orders ?? 0) as 0 | 1,
    hide_cat_only_for_spot_orders: (c?.hide_cat_only_for_spot_orders ?? 0) as 0 | 1,
    show_only_for_spot_browse: (c?.show_only_for_spot_browse ?? 0) as 0 | 1,
    hide_only_for_spot_browse: (c?.hide_only_for_spot_browse ?? 0) as 0 | 1,
    show_cat_only_for_delivery_orders: (c?.show_cat_only_for_delivery_orders ?? 0) as 0 | 1,
    hide_cat_only_for_delivery_orders: (c?.hide_cat_only_for_delivery_orders ?? 0) as 0 | 1,
  };
}

interface Props {
  category: AdminCategory | null;
  parents: { id: number; label: string }[];
  defaultParent: number | null;
  /** the item was just created: the form starts by saying so */
  initiallySaved?: boolean;
  onSave: (draft: CategoryDraft) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
}

export function CategoryForm({
  category,
  parents,
  defaultParent,
  initiallySaved = false,
  onSave,
  onDelete,
}: Props) {
  const t = useAdminT();
  const [draft, setDraft] = useState(() => categoryDraft(category, defaultParent));
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(initiallySaved);
  const [busy, setBusy] = useState(false);
  // Changed since opened or last saved: leaving asks first.
  const [touched, setTouched] = useState(false);
  useUnsavedChanges(touched && !saved);
  const set = <K extends keyof CategoryDraft>(key: K, value: CategoryDraft[K]) => {
    setSaved(false);
    setTouched(true);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave({
        ...draft,
        links: draft.type === 'link' ? draft.links.filter((l) => l.link.trim()) : draft.links,
      });
      setSaved(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={s.card} onSubmit={submit} aria-label={t('menu.categoryForm')}>
      <h2>{category ? t('menu.editCategory', { name: category.name }) : t('menu.newCategory')}</h2>
      <TranslationGrid
        required={['name']}
        fields={{ name: t('fields.name'), description: t('fields.description') }}
        multiline={['description']}
        base={{ name: draft.name, description: draft.description }}
        onBase={(field, v) => (field === 'name' ? set('name', v) : set('description', orNull(v)))}
        translations={draft.translations}
        onTranslations={(v) => set('translations', v)}
      />
      <div className={s.grid}>
        <TextInput
          label={t('fields.slug')}
          value={draft.slug}
          placeholder={t('fields.slugAuto')}
          onChange={(v) => set('slug', v)}
        />
        <label className={s.field}>
          {t('fields.type')}
          <Select
            value={draft.type}
            onValueChange={(v) => set('type', v as CategoryDraft['type'])}
            options={(['normal', 'image', 'link'] as const).map((type) => ({
              value: type,
              label: t(`menu.categoryType.${type}`),
            }))}
          />
        </label>
        <label className={s.field}>
          {t('fields.parent')}
          <Select
            value={draft.parentId == null ? '' : String(draft.parentId)}
            onValueChange={(v) => set('parentId', v === '' ? null : Number(v))}
            options={[
              { value: '', label: t('menu.topLevel') },
              ...parents
                .filter((p) => p.id !== category?.id)
                .map((p) => ({ value: String(p.id), label: p.label })),
            ]}
          />
        </label>
        <TextInput
          label={t('fields.video')}
          value={draft.video_name}
          onChange={(v) => set('video_name', orNull(v))}
        />
        <TextInput
          label={t('fields.pdf')}
          value={draft.pdf_path}
          onChange={(v) => set('pdf_path', orNull(v))}
        />
      </div>
      {draft.type === 'link' && (
        <fieldset>
          <legend>{t('fields.links')}</legend>
          {draft.links.map((l, i) => (
            <div key={i} className={s.row}>
              <input
                aria-label={`${t('fields.link')} ${i + 1}`}
                value={l.link}
                onChange={(e) =>
                  set(
                    'links',
                    draft.links.map((x, j) => (j === i ? { link: e.target.value } : x)),
                  )
                }
              />
              <button
                type="button"
                className={s.iconBtn}
                aria-label={t('common.remove')}
                onClick={() =>
                  set(
                    'links',
                    draft.links.filter((_, j) => j !== i),
                  )
                }
              >
                ×
              </button>
            </div>
          ))}
          <button
            type="button"
            className={s.btnGhost}
            onClick={() => set('links', [...draft.links, { link: '' }])}
          >
            {t('fields.addLink')}
          </button>
        </fieldset>
      )}
      <div className={s.grid}>
        <ImageField label={t('fields.icon')} value={draft.icon} onChange={(v) => set('icon', v)} />
        <ImageField
          label={t('fields.backgroundImage')}
          value={draft.background_image}
          onChange={(v) => set('background_image', v)}
        />
      </div>
      <fieldset className={s.grid}>
        <legend>{t('menu.behaviour')}</legend>
        <FlagInput label={t('fields.active')} value={draft.active} onChange={(v) => set('active', v)} />
        <FlagInput
          label={t('fields.order_allowed')}
          value={draft.order_allowed}
          onChange={(v) => set('order_allowed', v)}
        />
        <FlagInput
          label={t('fields.open_call_waiter')}
          value={draft.open_call_waiter}
          onChange={(v) => set('open_call_waiter', v)}
        />
        {VISIBILITY.map((key) => (
          <FlagInput key={key} label={t(`fields.${key}`)} value={draft[key]} onChange={(v) => set(key, v)} />
        ))}
      </fieldset>
      <SaveStatus error={error} saved={saved} />
      <div className={s.row}>
        <button className={s.btn} disabled={busy || draft.name.trim() === ''}>
          {t('common.save')}
        </button>
        {onDelete && (
          <button
            type="button"
            className={s.btnDanger}
            onClick={() =>
              void confirmDelete(t, { name: category?.name }).then((ok) => {
                if (ok)
                  onDelete()
                    .then(() => showToast(t('common.deleted')))
                    .catch(setError);
              })
            }
          >
            {t('common.delete')}
          </button>
        )}
      </div>
    </form>
  );
}
