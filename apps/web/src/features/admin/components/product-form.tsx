/**
 * A product's every field (spec §3): translations side by side; variants (price, box fee, size, booking duration);
 * ingredients of the library by type with the addable min / max; allergens; label and subcategory; money and
 * percent discounts; the time-based discount; up to 4 related products; its categories; images with the focal point.
 * Amounts are typed as decimals and kept as minor units (MoneyInput).
 */
import { useState, type FormEvent } from 'react';
import { LANGUAGES } from '@trapeza/domain/i18n';
import { addableLimitsConsistent } from '@trapeza/domain/ingredients';
import type { z } from 'zod';
import { VARIANT_SIZE_MAX_LENGTH, type AdminProductCreateBody } from '@trapeza/domain/contracts/admin';
import type { AdminAllergenRow, AdminIngredientRow, AdminProduct } from '../api/menu.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import {
  FlagInput,
  NumberInput,
  SaveStatus,
  TextInput,
  TranslationGrid,
  orNull,
  type Translations,
} from './form-parts.tsx';
import { FocalPoint, ImageDrop } from './image-drop.tsx';
import { MoneyInput } from './money-input.tsx';
import s from './admin.module.css';
import { Select } from '../../../components/ui/select.tsx';

type Body = z.input<typeof AdminProductCreateBody>;
export type ProductDraft = Required<Omit<Body, 'product_variants' | 'product_images'>> & {
  product_variants: VariantDraft[];
  product_images: { path: string; width: number | null; height: number | null }[];
};
type VariantDraft = {
  id?: number;
  price: number;
  additional_price: number;
  size: string | null;
  booking_duration: number | null;
  translations: Translations;
};

const FLAGS = [
  'in_stock',
  'active',
  'hide_for_ordering',
  'isLiquid',
  'hide_variants',
  'disable_promocode_discount',
  'show_only_for_spot_browse',
  'hide_only_for_spot_browse',
] as const;
const INGREDIENT_TYPES = ['required', 'addable', 'removable'] as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A variant's translations as the API takes them: the size of each language, nothing else. */
function sizesOnly(translations: Record<string, Record<string, string>> | undefined): Translations {
  const out: Translations = {};
  for (const lang of LANGUAGES) {
    if (lang === 'bg') continue;
    const size = translations?.[lang]?.size;
    if (size) out[lang] = { size };
  }
  return out;
}

export function productDraft(p: AdminProduct | null, categoryId: number | null): ProductDraft {
  return {
    name: p?.name ?? '',
    slug: p?.slug ?? '',
    type: p?.type ?? 'normal',
    description: p?.description ?? null,
    translations: (p?.translations as Translations | undefined) ?? {},
    subcategory: p?.subcategory ?? null,
    label: p?.label ?? null,
    in_stock: (p?.in_stock ?? 1) as 0 | 1,
    active: (p?.active ?? 1) as 0 | 1,
    hide_for_ordering: (p?.hide_for_ordering ?? 0) as 0 | 1,
    isLiquid: (p?.isLiquid ?? 0) as 0 | 1,
    discount_percent: p?.discount_percent ?? 0,
    discount_money: p?.discount_money ?? 0,
    hide_variants: (p?.hide_variants ?? 0) as 0 | 1,
    minimum_durability: p?.minimum_durability ?? null,
    image_position_y: p?.image_position_y ?? 50,
    image_scale: p?.image_scale ?? 1,
    disable_promocode_discount: (p?.disable_promocode_discount ?? 0) as 0 | 1,
    min_count_addable_ingredients: p?.min_count_addable_ingredients ?? 0,
    max_count_addable_ingredients: p?.max_count_addable_ingredients ?? 0,
    show_only_for_spot_browse: (p?.show_only_for_spot_browse ?? 0) as 0 | 1,
    hide_only_for_spot_browse: (p?.hide_only_for_spot_browse ?? 0) as 0 | 1,
    time_based_discount_enabled: (p?.time_based_discount_enabled ?? 0) as 0 | 1,
    time_based_discount_days: p?.time_based_discount_days ?? [],
    time_based_discount_start_hour: p?.time_based_discount_start_hour ?? 0,
    time_based_discount_end_hour: p?.time_based_discount_end_hour ?? 0,
    time_based_discount_percent: p?.time_based_discount_percent ?? 0,
    priority: p?.priority ?? 0,
    catHierarchyIds: p?.catHierarchyIds ?? (categoryId ? [categoryId] : []),
    catHierarchyId: p?.catHierarchyId ?? categoryId,
    product_variants: p?.product_variants.map((v) => ({
      id: v.id,
      price: v.price,
      additional_price: v.additional_price,
      size: v.size,
      booking_duration: v.booking_duration,
      translations: sizesOnly(v.translations),
    })) ?? [{ price: 0, additional_price: 0, size: null, booking_duration: null, translations: {} }],
    product_images: p?.product_images.map((i) => ({ path: i.path, width: i.width, height: i.height })) ?? [],
    product_ingredients: p?.product_ingredients ?? [],
    allergens: p?.allergens.map((a) => a.id) ?? [],
    related_products: p?.related_products ?? [],
  };
}

/** What the form refuses before sending (the server checks the same rules again). */
function productProblems(d: ProductDraft): string[] {
  const problems: string[] = [];
  if (d.name.trim() === '') problems.push('name');
  if (d.product_variants.length === 0) problems.push('variants');
  if (!addableLimitsConsistent(d)) problems.push('maxIngredients');
  if (d.related_products.length > 4) problems.push('related');
  if (d.catHierarchyId !== null && !d.catHierarchyIds.includes(d.catHierarchyId))
    problems.push('primaryCategory');
  return problems;
}

interface Props {
  product: AdminProduct | null;
  categoryId: number | null;
  categories: { id: number; label: string }[];
  products: AdminProduct[];
  ingredients: AdminIngredientRow[];
  allergens: AdminAllergenRow[];
  /** the item was just created: the form starts by saying so */
  initiallySaved?: boolean;
  onSave: (draft: ProductDraft) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
  onClose: () => void;
}

export function ProductForm({
  product,
  categoryId,
  categories,
  products,
  ingredients,
  allergens,
  initiallySaved = false,
  onSave,
  onDelete,
  onClose,
}: Props) {
  const t = useAdminT();
  const [draft, setDraft] = useState(() => productDraft(product, categoryId));
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(initiallySaved);
  const [busy, setBusy] = useState(false);
  // Changed since opened or last saved: leaving asks first.
  const [touched, setTouched] = useState(false);
  useUnsavedChanges(touched && !saved);
  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => {
    setSaved(false);
    setTouched(true);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    set(
      'product_variants',
      draft.product_variants.map((v, j) => (j === i ? { ...v, ...patch } : v)),
    );
  const problems = productProblems(draft);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (problems.length) return;
    setBusy(true);
    setError(null);
    try {
      await onSave(draft);
      setSaved(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  const ingredientType = (id: number) =>
    draft.product_ingredients.find((i) => i.ingredientId === id)?.type ?? '';
  const firstImage = draft.product_images[0];

  return (
    <form className={s.card} onSubmit={submit} aria-label={t('menu.productForm')}>
      <div className={s.row}>
        <h2 style={{ marginRight: 'auto' }}>
          {product ? t('menu.editProduct', { name: product.name }) : t('menu.newProduct')}
        </h2>
        <button type="button" className={s.btnGhost} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
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
          <Select value={draft.type} onChange={(e) => set('type', e.target.value as 'normal' | 'booking')}>
            <option value="normal">{t('menu.productType.normal')}</option>
            <option value="booking">{t('menu.productType.booking')}</option>
          </Select>
        </label>
        <TextInput label={t('fields.label')} value={draft.label} onChange={(v) => set('label', orNull(v))} />
        <TextInput
          label={t('fields.subcategory')}
          value={draft.subcategory}
          onChange={(v) => set('subcategory', orNull(v))}
        />
        <NumberInput
          label={t('fields.minimum_durability')}
          value={draft.minimum_durability}
          min={0}
          onChange={(v) => set('minimum_durability', v)}
        />
        <NumberInput
          label={t('fields.priority')}
          value={draft.priority}
          onChange={(v) => set('priority', v ?? 0)}
        />
      </div>
      <fieldset className={s.grid}>
        <legend>{t('menu.behaviour')}</legend>
        {FLAGS.map((key) => (
          <FlagInput key={key} label={t(`fields.${key}`)} value={draft[key]} onChange={(v) => set(key, v)} />
        ))}
      </fieldset>

      <fieldset>
        <legend>{t('menu.variants')}</legend>
        {draft.product_variants.map((v, i) => (
          <fieldset key={v.id ?? `new-${i}`} className={s.variant}>
            <legend>{t('menu.variant', { n: i + 1 })}</legend>
            <div className={s.row}>
              <MoneyInput
                label={`${t('fields.price')} ${i + 1}`}
                value={v.price}
                onChange={(m) => setVariant(i, { price: m ?? 0 })}
              />
              <MoneyInput
                label={`${t('fields.boxFee')} ${i + 1}`}
                value={v.additional_price}
                onChange={(m) => setVariant(i, { additional_price: m ?? 0 })}
              />
              {draft.type === 'booking' && (
                <NumberInput
                  label={`${t('fields.bookingDuration')} ${i + 1}`}
                  value={v.booking_duration}
                  min={5}
                  max={1440}
                  onChange={(x) => setVariant(i, { booking_duration: x })}
                />
              )}
              <button
                type="button"
                className={s.iconBtn}
                disabled={draft.product_variants.length <= 1}
                aria-label={t('menu.removeVariant', { n: i + 1 })}
                onClick={() =>
                  set(
                    'product_variants',
                    draft.product_variants.filter((_, j) => j !== i),
                  )
                }
              >
                ×
              </button>
            </div>
            <TranslationGrid
              label={t('menu.variantSizes', { n: i + 1 })}
              fields={{ size: `${t('fields.size')} ${i + 1}` }}
              maxLength={VARIANT_SIZE_MAX_LENGTH}
              base={{ size: v.size }}
              onBase={(_field, x) => setVariant(i, { size: orNull(x) })}
              translations={v.translations}
              onTranslations={(next) => setVariant(i, { translations: next })}
            />
          </fieldset>
        ))}
        <button
          type="button"
          className={s.btnGhost}
          onClick={() =>
            set('product_variants', [
              ...draft.product_variants,
              { price: 0, additional_price: 0, size: null, booking_duration: null, translations: {} },
            ])
          }
        >
          {t('menu.addVariant')}
        </button>
      </fieldset>

      <fieldset>
        <legend>{t('menu.images')}</legend>
        <div className={s.row}>
          {draft.product_images.map((img, i) => (
            <div key={img.path} className={s.field}>
              <img src={img.path} alt="" width={96} height={72} style={{ objectFit: 'cover' }} />
              <button
                type="button"
                className={s.iconBtn}
                aria-label={t('common.remove')}
                onClick={() =>
                  set(
                    'product_images',
                    draft.product_images.filter((_, j) => j !== i),
                  )
                }
              >
                ×
              </button>
            </div>
          ))}
        </div>
        <ImageDrop
          onUploaded={(img) =>
            set('product_images', [
              ...draft.product_images,
              { path: img.path, width: img.width, height: img.height },
            ])
          }
        />
        {firstImage && (
          <FocalPoint
            src={firstImage.path}
            name={draft.name}
            positionY={draft.image_position_y}
            scale={draft.image_scale}
            onChange={(y, sc) => setDraft((d) => ({ ...d, image_position_y: y, image_scale: sc }))}
          />
        )}
      </fieldset>

      <fieldset>
        <legend>{t('menu.discounts')}</legend>
        <div className={s.grid}>
          <NumberInput
            label={t('fields.discount_percent')}
            value={draft.discount_percent}
            min={0}
            max={100}
            step={0.01}
            onChange={(v) => set('discount_percent', v ?? 0)}
          />
          <MoneyInput
            label={t('fields.discount_money')}
            value={draft.discount_money}
            onChange={(v) => set('discount_money', v ?? 0)}
          />
        </div>
        <FlagInput
          label={t('fields.time_based_discount_enabled')}
          value={draft.time_based_discount_enabled}
          onChange={(v) => set('time_based_discount_enabled', v)}
        />
        {draft.time_based_discount_enabled === 1 && (
          <div className={s.grid}>
            <fieldset className={s.row}>
              <legend>{t('fields.days')}</legend>
              {WEEKDAYS.map((d) => (
                <label key={d} className={s.check}>
                  <input
                    type="checkbox"
                    checked={draft.time_based_discount_days.includes(d)}
                    onChange={(e) =>
                      set(
                        'time_based_discount_days',
                        e.target.checked
                          ? [...draft.time_based_discount_days, d].sort()
                          : draft.time_based_discount_days.filter((x) => x !== d),
                      )
                    }
                  />
                  {t(`weekdays.${d}`)}
                </label>
              ))}
            </fieldset>
            <NumberInput
              label={t('fields.startHour')}
              value={draft.time_based_discount_start_hour}
              min={0}
              max={23}
              onChange={(v) => set('time_based_discount_start_hour', v ?? 0)}
            />
            <NumberInput
              label={t('fields.endHour')}
              value={draft.time_based_discount_end_hour}
              min={0}
              max={23}
              onChange={(v) => set('time_based_discount_end_hour', v ?? 0)}
            />
            <NumberInput
              label={t('fields.time_based_discount_percent')}
              value={draft.time_based_discount_percent}
              min={0}
              max={100}
              onChange={(v) => set('time_based_discount_percent', v ?? 0)}
            />
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend>{t('menu.ingredients')}</legend>
        <div className={s.grid}>
          <NumberInput
            label={t('fields.minAddable')}
            value={draft.min_count_addable_ingredients}
            min={0}
            max={100}
            onChange={(v) => set('min_count_addable_ingredients', v ?? 0)}
          />
          <NumberInput
            label={t('fields.maxAddable')}
            value={draft.max_count_addable_ingredients}
            min={0}
            max={100}
            onChange={(v) => set('max_count_addable_ingredients', v ?? 0)}
          />
        </div>
        {problems.includes('maxIngredients') && <p className={s.error}>{t('errors.maxIngredients')}</p>}
        <table className={s.table}>
          <tbody>
            {ingredients.map((ing) => (
              <tr key={ing.id}>
                <td>{ing.name}</td>
                <td>
                  <Select
                    aria-label={t('menu.ingredientType', { name: ing.name })}
                    value={ingredientType(ing.id)}
                    onChange={(e) => {
                      const rest = draft.product_ingredients.filter((x) => x.ingredientId !== ing.id);
                      const type = e.target.value as (typeof INGREDIENT_TYPES)[number] | '';
                      set('product_ingredients', type ? [...rest, { ingredientId: ing.id, type }] : rest);
                    }}
                  >
                    <option value="">—</option>
                    {INGREDIENT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`menu.ingredientTypes.${type}`)}
                      </option>
                    ))}
                  </Select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>

      <fieldset className={s.row}>
        <legend>{t('menu.allergens')}</legend>
        {allergens.map((a) => (
          <label key={a.id} className={s.check}>
            <input
              type="checkbox"
              checked={draft.allergens.includes(a.id)}
              onChange={(e) =>
                set(
                  'allergens',
                  e.target.checked ? [...draft.allergens, a.id] : draft.allergens.filter((x) => x !== a.id),
                )
              }
            />
            {a.name}
          </label>
        ))}
      </fieldset>

      <fieldset>
        <legend>{t('menu.categories')}</legend>
        <div className={s.grid}>
          {categories.map((c) => (
            <label key={c.id} className={s.check}>
              <input
                type="checkbox"
                checked={draft.catHierarchyIds.includes(c.id)}
                onChange={(e) => {
                  const ids = e.target.checked
                    ? [...draft.catHierarchyIds, c.id]
                    : draft.catHierarchyIds.filter((x) => x !== c.id);
                  setDraft((d) => ({
                    ...d,
                    catHierarchyIds: ids,
                    catHierarchyId:
                      d.catHierarchyId !== null && ids.includes(d.catHierarchyId)
                        ? d.catHierarchyId
                        : (ids[0] ?? null),
                  }));
                }}
              />
              {c.label}
            </label>
          ))}
        </div>
        <label className={s.field}>
          {t('fields.primaryCategory')}
          <Select
            value={draft.catHierarchyId ?? ''}
            onChange={(e) => set('catHierarchyId', e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">—</option>
            {categories
              .filter((c) => draft.catHierarchyIds.includes(c.id))
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
          </Select>
        </label>
      </fieldset>

      <fieldset>
        <legend>{t('menu.related', { n: draft.related_products.length })}</legend>
        <div className={s.grid}>
          {products
            .filter((p) => p.id !== product?.id)
            .map((p) => {
              const checked = draft.related_products.includes(p.id);
              return (
                <label key={p.id} className={s.check}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && draft.related_products.length >= 4}
                    onChange={(e) =>
                      set(
                        'related_products',
                        e.target.checked
                          ? [...draft.related_products, p.id]
                          : draft.related_products.filter((x) => x !== p.id),
                      )
                    }
                  />
                  {p.name}
                </label>
              );
            })}
        </div>
      </fieldset>

      {problems.length > 0 && (
        <p className={s.error} role="alert">
          {problems.map((p) => t(`problems.${p}`)).join(' · ')}
        </p>
      )}
      <SaveStatus error={error} saved={saved} />
      <div className={s.row}>
        <button className={s.btn} disabled={busy || problems.length > 0}>
          {t('common.save')}
        </button>
        {onDelete && (
          <button
            type="button"
            className={s.btnDanger}
            onClick={() =>
              void confirmDelete(t, { name: product?.name }).then((ok) => {
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
