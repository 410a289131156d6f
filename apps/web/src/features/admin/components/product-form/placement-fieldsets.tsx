/** Where the product shows: its categories with the primary one, and up to 4 related products. */
import type { AdminProduct } from '../../api/menu.ts';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import type { ProductDraft, SetDraftField, UpdateDraft } from './product-draft.ts';
import { ChoiceCard, ChoiceCardGroup } from '../../../../components/ui/choice-card.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Select } from '../../../../components/ui/select.tsx';

export function CategoriesFieldset({
  draft,
  set,
  update,
  categories,
}: {
  draft: ProductDraft;
  set: SetDraftField;
  update: UpdateDraft;
  categories: { id: number; label: string }[];
}) {
  const t = useAdminT();
  return (
    <>
      <ChoiceCardGroup legend={t('menu.categories')} type="checkbox" layout="grid" dense>
        {categories.map((c) => (
          <ChoiceCard
            key={c.id}
            label={c.label}
            checked={draft.catHierarchyIds.includes(c.id)}
            onChange={(e) => {
              const ids = e.target.checked
                ? [...draft.catHierarchyIds, c.id]
                : draft.catHierarchyIds.filter((x) => x !== c.id);
              // The primary category stays while ticked, else the first ticked one takes its place.
              update((d) => ({
                ...d,
                catHierarchyIds: ids,
                catHierarchyId:
                  d.catHierarchyId !== null && ids.includes(d.catHierarchyId)
                    ? d.catHierarchyId
                    : (ids[0] ?? null),
              }));
            }}
          />
        ))}
      </ChoiceCardGroup>
      <Field label={t('fields.primaryCategory')}>
        <Select
          value={draft.catHierarchyId == null ? '' : String(draft.catHierarchyId)}
          onValueChange={(v) => set('catHierarchyId', v === '' ? null : Number(v))}
          options={[
            { value: '', label: '—' },
            ...categories
              .filter((c) => draft.catHierarchyIds.includes(c.id))
              .map((c) => ({ value: String(c.id), label: c.label })),
          ]}
        />
      </Field>
    </>
  );
}

export function RelatedFieldset({
  draft,
  set,
  product,
  products,
}: {
  draft: ProductDraft;
  set: SetDraftField;
  /** the product being edited (not offered as its own related product) */
  product: AdminProduct | null;
  products: AdminProduct[];
}) {
  const t = useAdminT();
  return (
    <ChoiceCardGroup
      legend={t('menu.related', { n: draft.related_products.length })}
      type="checkbox"
      layout="grid"
      dense
    >
      {products
        .filter((p) => p.id !== product?.id)
        .map((p) => {
          const checked = draft.related_products.includes(p.id);
          return (
            <ChoiceCard
              key={p.id}
              label={<span dir="auto">{p.name}</span>}
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
          );
        })}
    </ChoiceCardGroup>
  );
}
