/** The product's ingredients of the library by type (required, addable, removable), the addable min / max, and its allergens. */
import type { AdminAllergenRow, AdminIngredientRow } from '../../api/menu.ts';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { NumberInput } from '../form-parts.tsx';
import s from '../admin.module.css';
import type { ProductDraft, SetDraftField } from './product-draft.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';
import { Select } from '../../../../components/ui/select.tsx';

const INGREDIENT_TYPES = ['required', 'addable', 'removable'] as const;

export function IngredientsFieldset({
  draft,
  set,
  ingredients,
  limitsWrong,
}: {
  draft: ProductDraft;
  set: SetDraftField;
  ingredients: AdminIngredientRow[];
  /** the addable minimum is above the maximum (productProblems' maxIngredients) */
  limitsWrong: boolean;
}) {
  const t = useAdminT();
  const ingredientType = (id: number) =>
    draft.product_ingredients.find((i) => i.ingredientId === id)?.type ?? '';
  return (
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
      {limitsWrong && <p className={s.error}>{t('errors.maxIngredients')}</p>}
      {/* A long list of long names scrolls in its own box on a phone, not the page (issue 21, bad input). */}
      <div className={s.tableScrollPlain}>
        <table className={s.table}>
          <tbody>
            {ingredients.map((ing) => (
              <tr key={ing.id}>
                <td>{ing.name}</td>
                <td>
                  <Select
                    aria-label={t('menu.ingredientType', { name: ing.name })}
                    value={ingredientType(ing.id)}
                    onValueChange={(v) => {
                      const rest = draft.product_ingredients.filter((x) => x.ingredientId !== ing.id);
                      const type = v as (typeof INGREDIENT_TYPES)[number] | '';
                      set('product_ingredients', type ? [...rest, { ingredientId: ing.id, type }] : rest);
                    }}
                    options={[
                      { value: '', label: '—' },
                      ...INGREDIENT_TYPES.map((type) => ({
                        value: type,
                        label: t(`menu.ingredientTypes.${type}`),
                      })),
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

export function AllergensFieldset({
  draft,
  set,
  allergens,
}: {
  draft: ProductDraft;
  set: SetDraftField;
  allergens: AdminAllergenRow[];
}) {
  const t = useAdminT();
  return (
    <ChoiceCardGroup legend={t('menu.allergens')} type="checkbox" layout="grid" dense>
      {allergens.map((a) => (
        <ChoiceCard
          key={a.id}
          label={a.name}
          checked={draft.allergens.includes(a.id)}
          onChange={(e) =>
            set(
              'allergens',
              e.target.checked ? [...draft.allergens, a.id] : draft.allergens.filter((x) => x !== a.id),
            )
          }
        />
      ))}
    </ChoiceCardGroup>
  );
}
