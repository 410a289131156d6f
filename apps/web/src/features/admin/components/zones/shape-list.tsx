/**
 * The delivery type's map zones: the list (name in the console's language, corners), delete, and the editor of
 * the one being drawn or changed. Opening another zone while one has unsaved changes asks first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zoneName } from '@trapeza/domain/delivery/zone-name';
import { confirmLeave } from '../../../../components/ui/unsaved-changes.ts';
import { deleteShape, type AdminOrderTypeRow } from '../../api/zones.ts';
import { useAdminPlace } from '../../hooks/admin-place-store.ts';
import { confirmDelete } from '../../hooks/confirm-delete.ts';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { openRing, type LatLng } from '../../lib/polygon.ts';
import s from '../admin.module.css';
import { leaveTexts, ShapeEditor, type ShapeDraft } from './shape-editor.tsx';
import { useZoneWrite } from './use-zone-write.tsx';

const EMPTY: ShapeDraft = {
  name: null,
  translations: {},
  delivery_price: 0,
  coordinates: [],
  active_time_from: null,
  active_time_to: null,
  required_order_price_for_free_delivery: null,
};

export function ShapeList({ orderType, center }: { orderType: AdminOrderTypeRow; center: LatLng }) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const { run, status } = useZoneWrite(place);
  const [editing, setEditing] = useState<ShapeDraft | null>(null);
  const shapes = orderType.delivery_shapes;
  const lang = useTranslation().i18n.language;
  const others = shapes
    .filter((sh) => sh.id !== editing?.id)
    .map((sh) => openRing(sh.coordinates as LatLng[]));
  const open = (draft: ShapeDraft) =>
    void confirmLeave(leaveTexts(t)).then((ok) => {
      if (ok) setEditing(draft);
    });
  return (
    <div>
      <h3>{t('zones.shapes')}</h3>
      <ul>
        {shapes.map((sh) => (
          <li key={sh.id} className={s.row}>
            <span>
              {zoneName(sh, lang) ?? `#${sh.id}`} ·{' '}
              {t('zones.vertices', { n: openRing(sh.coordinates as LatLng[]).length })}
            </span>
            <button
              type="button"
              className={s.btnGhost}
              onClick={() =>
                open({
                  id: sh.id,
                  name: sh.name,
                  translations: sh.translations,
                  delivery_price: sh.delivery_price,
                  coordinates: openRing(sh.coordinates as LatLng[]),
                  active_time_from: sh.active_time_from,
                  active_time_to: sh.active_time_to,
                  required_order_price_for_free_delivery: sh.required_order_price_for_free_delivery,
                })
              }
            >
              {t('common.edit')}
            </button>
            <button
              type="button"
              className={s.btnDanger}
              onClick={() =>
                void confirmDelete(t).then((ok) => {
                  if (ok) void run(() => deleteShape(sh.id));
                })
              }
            >
              {t('zones.deleteShape')}
            </button>
          </li>
        ))}
      </ul>
      {!editing && (
        <button type="button" className={s.btnGhost} onClick={() => open(EMPTY)}>
          {t('zones.drawShape')}
        </button>
      )}
      {editing && (
        <ShapeEditor
          key={editing.id ?? 'new'}
          initial={editing}
          orderTypeId={orderType.id}
          center={center}
          others={others}
          run={run}
          onClose={() => setEditing(null)}
        />
      )}
      {status}
    </div>
  );
}
