/**
 * A product's every field (spec §3), one section per file in ./product-form/: translations side by side and the
 * product's own settings here; variants (price, box fee, size, booking duration); images with the focal point; money
 * and percent discounts and the time-based discount; ingredients of the library by type with the addable min / max,
 * and allergens; its categories and up to 4 related products. The draft and what the form refuses before sending
 * are in product-draft.ts. Amounts are typed as decimals and kept as minor units (MoneyInput).
 */
import { useState, type FormEvent } from 'react';
import type { AdminAllergenRow, AdminIngredientRow, AdminProduct } from '../api/menu.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { FlagInput, NumberInput, SaveStatus, TextInput, TranslationGrid, orNull } from './form-parts.tsx';
import { DiscountsFieldset } from './product-form/discounts-fieldset.tsx';
import { ImagesFieldset } from './product-form/images-fieldset.tsx';
import { AllergensFieldset, IngredientsFieldset } from './product-form/ingredients-fieldset.tsx';
import { CategoriesFieldset, RelatedFieldset } from './product-form/placement-fieldsets.tsx';
import {
  productDraft,
  productProblems,
  type ProductDraft,
  type SetDraftField,
} from './product-form/product-draft.ts';
import { VariantsFieldset } from './product-form/variants-fieldset.tsx';
import s from './admin.module.css';
import { Select } from '../../../components/ui/select.tsx';

/** The product's switches: stock, active, ordering, the liquid mark, variants hidden, promo codes, spot browsing. */
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
  const set: SetDraftField = (key, value) => {
    setSaved(false);
    setTouched(true);
    setDraft((d) => ({ ...d, [key]: value }));
  };
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
          <Select
            value={draft.type}
            onValueChange={(v) => set('type', v as 'normal' | 'booking')}
            options={[
              { value: 'normal', label: t('menu.productType.normal') },
              { value: 'booking', label: t('menu.productType.booking') },
            ]}
          />
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

      <VariantsFieldset draft={draft} set={set} />
      <ImagesFieldset draft={draft} set={set} update={setDraft} />
      <DiscountsFieldset draft={draft} set={set} />
      <IngredientsFieldset
        draft={draft}
        set={set}
        ingredients={ingredients}
        limitsWrong={problems.includes('maxIngredients')}
      />
      <AllergensFieldset draft={draft} set={set} allergens={allergens} />
      <CategoriesFieldset draft={draft} set={set} update={setDraft} categories={categories} />
      <RelatedFieldset draft={draft} set={set} product={product} products={products} />

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
