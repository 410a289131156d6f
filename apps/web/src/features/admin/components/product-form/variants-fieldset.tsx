/** The product's variants: price, box fee, booking duration and the size in the five languages of each. */
import { VARIANT_SIZE_MAX_LENGTH } from '@trapeza/domain/contracts/admin';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { NumberInput, TranslationGrid, orNull } from '../form-parts.tsx';
import { MoneyInput } from '../money-input.tsx';
import s from '../admin.module.css';
import { NEW_VARIANT, type ProductDraft, type SetDraftField, type VariantDraft } from './product-draft.ts';

export function VariantsFieldset({ draft, set }: { draft: ProductDraft; set: SetDraftField }) {
  const t = useAdminT();
  const variants = draft.product_variants;
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    set(
      'product_variants',
      variants.map((v, j) => (j === i ? { ...v, ...patch } : v)),
    );
  return (
    <fieldset>
      <legend>{t('menu.variants')}</legend>
      {variants.map((v, i) => (
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
              disabled={variants.length <= 1}
              aria-label={t('menu.removeVariant', { n: i + 1 })}
              onClick={() =>
                set(
                  'product_variants',
                  variants.filter((_, j) => j !== i),
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
        onClick={() => set('product_variants', [...variants, { ...NEW_VARIANT }])}
      >
        {t('menu.addVariant')}
      </button>
    </fieldset>
  );
}
