/** The delivery type's radiuses: distance rings from the venue, each with its price and free-delivery threshold. */
import { useState } from 'react';
import {
  createRadius,
  deleteRadius,
  updateRadius,
  type AdminOrderTypeRow,
  type RadiusInput,
} from '../../api/zones.ts';
import { useAdminPlace } from '../../hooks/admin-place-store.ts';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { confirmDelete } from '../../hooks/confirm-delete.ts';
import { NumberInput } from '../form-parts.tsx';
import { MoneyInput } from '../money-input.tsx';
import s from '../admin.module.css';
import { useZoneWrite } from './use-zone-write.tsx';

export function Radiuses({ orderType }: { orderType: AdminOrderTypeRow }) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const { run, status } = useZoneWrite(place);
  const [rows, setRows] = useState<(RadiusInput & { id?: number })[]>(() =>
    orderType.radiuses.map((r) => ({ ...r })),
  );
  return (
    <div>
      <h3>{t('zones.radiuses')}</h3>
      {rows.map((r, i) => {
        const patch = (p: Partial<RadiusInput>) =>
          setRows(rows.map((x, j) => (j === i ? { ...x, ...p } : x)));
        const { id, ...body } = r;
        return (
          <div key={id ?? `new-${i}`} className={s.row}>
            <NumberInput
              label={t('zones.radiusStart')}
              value={r.radius_start}
              min={0}
              step={0.1}
              onChange={(v) => patch({ radius_start: v ?? 0 })}
            />
            <NumberInput
              label={t('zones.radiusEnd')}
              value={r.radius_end}
              min={0}
              step={0.1}
              onChange={(v) => patch({ radius_end: v ?? 0 })}
            />
            <MoneyInput
              label={t('zones.deliveryPrice')}
              value={r.delivery_price}
              onChange={(v) => patch({ delivery_price: v ?? 0 })}
            />
            <MoneyInput
              label={t('zones.freeOver')}
              optional
              value={r.required_order_price_for_free_delivery ?? null}
              onChange={(v) => patch({ required_order_price_for_free_delivery: v })}
            />
            <button
              type="button"
              className={s.btn}
              onClick={() => void run(() => (id ? updateRadius(id, body) : createRadius(orderType.id, body)))}
            >
              {t('common.save')}
            </button>
            <button
              type="button"
              className={s.btnDanger}
              onClick={() =>
                id
                  ? void confirmDelete(t).then((ok) => {
                      if (ok) void run(() => deleteRadius(id));
                    })
                  : setRows(rows.filter((_, j) => j !== i))
              }
            >
              {t('common.delete')}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className={s.btnGhost}
        onClick={() =>
          setRows([
            ...rows,
            {
              radius_start: 0,
              radius_end: 1,
              delivery_price: 0,
              required_order_price_for_free_delivery: null,
            },
          ])
        }
      >
        {t('zones.addRadius')}
      </button>
      {status}
    </div>
  );
}
