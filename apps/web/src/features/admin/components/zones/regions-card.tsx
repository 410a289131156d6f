/** The place's delivery regions: a named area (in every language) the guest picks, with its price. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../../../components/ui/error-message.tsx';
import {
  createRegion,
  deleteRegion,
  regionsQuery,
  updateRegion,
  type AdminRegionRow,
} from '../../api/zones.ts';
import { useAdminPlace } from '../../hooks/admin-place-store.ts';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { confirmDelete } from '../../hooks/confirm-delete.ts';
import { FlagInput, TranslationGrid, type Translations } from '../form-parts.tsx';
import { MoneyInput } from '../money-input.tsx';
import s from '../admin.module.css';
import { useZoneWrite } from './use-zone-write.tsx';

export function RegionsCard() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const regions = useQuery(regionsQuery(place));
  const { run, status } = useZoneWrite(place);
  const [editing, setEditing] = useState<
    (Partial<AdminRegionRow> & { name: string; delivery_price: number }) | null
  >(null);
  return (
    <section className={s.card}>
      <h2>{t('zones.regions')}</h2>
      {regions.error ? <ErrorMessage error={regions.error} /> : null}
      <table className={s.table}>
        <tbody>
          {regions.data?.map((r) => (
            <tr key={r.id} className={r.active ? '' : s.inactive}>
              <td>{r.name}</td>
              <td>{(r.delivery_price / 100).toFixed(2)}</td>
              <td>
                <button type="button" className={s.btnGhost} onClick={() => setEditing({ ...r })}>
                  {t('common.edit')}
                </button>
                <button
                  type="button"
                  className={s.btnDanger}
                  onClick={() =>
                    void confirmDelete(t, { name: r.name }).then((ok) => {
                      if (ok) void run(() => deleteRegion(r.id));
                    })
                  }
                >
                  {t('common.delete')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!editing ? (
        <button
          type="button"
          className={s.btnGhost}
          onClick={() => setEditing({ name: '', delivery_price: 0, active: 1 })}
        >
          {t('zones.addRegion')}
        </button>
      ) : (
        <div className={s.card}>
          <TranslationGrid
            fields={{ name: t('fields.name') }}
            base={{ name: editing.name }}
            onBase={(_f, v) => setEditing({ ...editing, name: v })}
            translations={editing.translations as Translations | undefined}
            onTranslations={(v) => setEditing({ ...editing, translations: v })}
          />
          <div className={s.grid}>
            <MoneyInput
              label={t('zones.deliveryPrice')}
              value={editing.delivery_price}
              onChange={(v) => setEditing({ ...editing, delivery_price: v ?? 0 })}
            />
            <MoneyInput
              label={t('zones.freeOver')}
              optional
              value={editing.required_order_price_for_free_delivery ?? null}
              onChange={(v) => setEditing({ ...editing, required_order_price_for_free_delivery: v })}
            />
            <FlagInput
              label={t('fields.active')}
              value={editing.active}
              onChange={(v) => setEditing({ ...editing, active: v })}
            />
          </div>
          <div className={s.row}>
            <button
              type="button"
              className={s.btn}
              disabled={editing.name.trim() === ''}
              onClick={() =>
                void run(async () => {
                  const body = {
                    name: editing.name,
                    translations: (editing.translations ?? {}) as Translations,
                    delivery_price: editing.delivery_price,
                    required_order_price_for_free_delivery:
                      editing.required_order_price_for_free_delivery ?? null,
                    active: (editing.active ?? 1) as 0 | 1,
                  };
                  if (editing.id) await updateRegion(editing.id, body);
                  else await createRegion(body);
                  setEditing(null);
                })
              }
            >
              {t('common.save')}
            </button>
            <button type="button" className={s.btnGhost} onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
      {status}
    </section>
  );
}
