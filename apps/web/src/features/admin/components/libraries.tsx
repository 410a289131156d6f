/**
 * The ingredient library of the place (name in five languages, price, active, order) and the client-wide allergen
 * library (name in five languages, image). Changing allergens needs a client admin; the server says so if not.
 */
import { useState } from 'react';
import {
  createAllergen,
  createIngredient,
  deleteAllergen,
  deleteIngredient,
  updateAllergen,
  updateIngredient,
  type AdminAllergenRow,
  type AdminIngredientRow,
} from '../api/menu.ts';
import { showToast } from '../../../components/ui/toast.tsx';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useGuardedMove } from '../hooks/guarded-move.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { FlagInput, NumberInput, SaveStatus, TranslationGrid, type Translations } from './form-parts.tsx';
import { ImageField } from './image-drop.tsx';
import { MoneyInput } from './money-input.tsx';
import s from './admin.module.css';

interface Props {
  kind: 'ingredients' | 'allergens';
  ingredients: AdminIngredientRow[];
  allergens: AdminAllergenRow[];
  onChanged: () => Promise<unknown>;
}

export function Libraries({ kind, ingredients, allergens, onChanged }: Props) {
  const t = useAdminT();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // Opening another item (or a new one) over a form with unsaved edits asks first, as the rest of the console does.
  const guard = useGuardedMove();
  const open = (id: number | 'new') => {
    if (id !== editing) guard(() => setEditing(id));
  };
  const rows = kind === 'ingredients' ? ingredients : allergens;
  return (
    <div className={s.columns}>
      <section className={s.card}>
        <div className={s.row}>
          <h2 style={{ marginRight: 'auto' }}>{t(`menu.tabs.${kind}`)}</h2>
          <button type="button" className={s.btnGhost} onClick={() => open('new')}>
            {t('common.add')}
          </button>
        </div>
        <ul>
          {rows.map((r) => (
            <li key={r.id}>
              <button type="button" className={s.treeName} onClick={() => open(r.id)}>
                {r.name} <span className={s.hint}>({t('menu.usedBy', { n: r.productCount })})</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {editing !== null &&
        (kind === 'ingredients' ? (
          <IngredientForm
            key={editing}
            row={ingredients.find((i) => i.id === editing) ?? null}
            onDone={async () => {
              setEditing(null);
              await onChanged();
            }}
          />
        ) : (
          <AllergenForm
            key={editing}
            row={allergens.find((a) => a.id === editing) ?? null}
            onDone={async () => {
              setEditing(null);
              await onChanged();
            }}
          />
        ))}
    </div>
  );
}

function IngredientForm({ row, onDone }: { row: AdminIngredientRow | null; onDone: () => Promise<unknown> }) {
  const t = useAdminT();
  const [draft, setDraft] = useState({
    name: row?.name ?? '',
    translations: (row?.translations ?? {}) as Translations,
    price: row?.price ?? 0,
    active: (row?.active ?? 1) as 0 | 1,
    priority: row?.priority ?? 0,
  });
  // Changed since opened: leaving asks first (saving or deleting closes the form, which ends the question).
  const [opened] = useState(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(opened));
  const [error, setError] = useState<unknown>(null);
  const save = async () => {
    try {
      if (row) await updateIngredient(row.id, draft);
      else await createIngredient(draft);
      showToast(t('common.saved'));
      await onDone();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form
      className={s.card}
      aria-label={t('menu.ingredientForm')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>{row ? row.name : t('menu.newIngredient')}</h2>
      <TranslationGrid
        fields={{ name: t('fields.name') }}
        base={{ name: draft.name }}
        onBase={(_f, v) => setDraft({ ...draft, name: v })}
        translations={draft.translations}
        onTranslations={(v) => setDraft({ ...draft, translations: v })}
      />
      <div className={s.grid}>
        <MoneyInput
          label={t('fields.price')}
          value={draft.price}
          onChange={(v) => setDraft({ ...draft, price: v ?? 0 })}
        />
        <NumberInput
          label={t('fields.priority')}
          value={draft.priority}
          onChange={(v) => setDraft({ ...draft, priority: v ?? 0 })}
        />
        <FlagInput
          label={t('fields.active')}
          value={draft.active}
          onChange={(v) => setDraft({ ...draft, active: v })}
        />
      </div>
      <SaveStatus error={error} saved={false} />
      <div className={s.row}>
        <button className={s.btn} disabled={draft.name.trim() === ''}>
          {t('common.save')}
        </button>
        {row && (
          <button
            type="button"
            className={s.btnDanger}
            onClick={() =>
              void confirmDelete(t, { name: row.name }).then((ok) => {
                if (ok)
                  deleteIngredient(row.id)
                    .then(() => showToast(t('common.deleted')))
                    .then(onDone, setError);
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

function AllergenForm({ row, onDone }: { row: AdminAllergenRow | null; onDone: () => Promise<unknown> }) {
  const t = useAdminT();
  const [draft, setDraft] = useState({
    name: row?.name ?? '',
    translations: (row?.translations ?? {}) as Translations,
    image: row?.image ?? null,
  });
  // Changed since opened: leaving asks first (saving or deleting closes the form, which ends the question).
  const [opened] = useState(draft);
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(opened));
  const [error, setError] = useState<unknown>(null);
  const save = async () => {
    try {
      if (row) await updateAllergen(row.id, draft);
      else await createAllergen(draft);
      showToast(t('common.saved'));
      await onDone();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <form
      className={s.card}
      aria-label={t('menu.allergenForm')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2>{row ? row.name : t('menu.newAllergen')}</h2>
      <p className={s.hint}>{t('menu.allergensClientWide')}</p>
      <TranslationGrid
        fields={{ name: t('fields.name') }}
        base={{ name: draft.name }}
        onBase={(_f, v) => setDraft({ ...draft, name: v })}
        translations={draft.translations}
        onTranslations={(v) => setDraft({ ...draft, translations: v })}
      />
      <ImageField
        label={t('fields.image')}
        value={draft.image}
        onChange={(v) => setDraft({ ...draft, image: v })}
      />
      <SaveStatus error={error} saved={false} />
      <div className={s.row}>
        <button className={s.btn} disabled={draft.name.trim() === ''}>
          {t('common.save')}
        </button>
        {row && (
          <button
            type="button"
            className={s.btnDanger}
            onClick={() =>
              void confirmDelete(t, { name: row.name }).then((ok) => {
                if (ok)
                  deleteAllergen(row.id)
                    .then(() => showToast(t('common.deleted')))
                    .then(onDone, setError);
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
