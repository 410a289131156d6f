/**
 * The editor of one map zone: its name in every language (Bulgarian is the base name, the guest falls back to it),
 * price, free-delivery threshold, active window and polygon. Leaving it with changes not saved (another zone, the
 * console's menu, closing the tab, Cancel) asks first.
 */
import { useState } from 'react';
import { confirmLeave, useUnsavedChanges } from '../../../../components/ui/unsaved-changes.ts';
import { createShape, updateShape, type ShapeInput } from '../../api/zones.ts';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import { isValidPolygon, type LatLng } from '../../lib/polygon.ts';
import { TranslationGrid, orNull, type Translations } from '../form-parts.tsx';
import { MoneyInput } from '../money-input.tsx';
import s from '../admin.module.css';
import { PolygonEditor } from './polygon-editor.tsx';
import { TimeInput } from './use-zone-write.tsx';

export type ShapeDraft = Required<ShapeInput> & { id?: number };

export const leaveTexts = (t: ReturnType<typeof useAdminT>) => ({
  title: t('shell.unsaved.title'),
  message: t('shell.unsaved.message'),
  confirmLabel: t('shell.unsaved.leave'),
  cancelLabel: t('shell.unsaved.stay'),
  danger: true,
});

export function ShapeEditor({
  initial,
  orderTypeId,
  center,
  others,
  run,
  onClose,
}: {
  initial: ShapeDraft;
  orderTypeId: number;
  center: LatLng;
  others: LatLng[][];
  run: (write: () => Promise<unknown>) => Promise<void>;
  onClose: () => void;
}) {
  const t = useAdminT();
  const [draft, setDraft] = useState<ShapeDraft>(initial);
  const [saved, setSaved] = useState(false);
  const dirty = !saved && JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges(dirty);
  const patch = (p: Partial<ShapeDraft>) => setDraft((d) => ({ ...d, ...p }));
  const points = draft.coordinates as LatLng[];
  const save = () =>
    void run(async () => {
      const { id, ...body } = draft;
      if (id) await updateShape(id, body);
      else await createShape(orderTypeId, body);
      setSaved(true);
      onClose();
    });
  return (
    <div className={s.card} aria-label={t('zones.shapeEditor')} role="group">
      <p className={s.hint}>{t('zones.mapHelp')}</p>
      <TranslationGrid
        fields={{ name: t('fields.name') }}
        label={t('zones.shapeName')}
        base={{ name: draft.name ?? '' }}
        onBase={(_f, v) => patch({ name: orNull(v) })}
        translations={draft.translations as Translations}
        onTranslations={(v) => patch({ translations: v })}
      />
      <div className={s.grid}>
        <MoneyInput
          label={t('zones.deliveryPrice')}
          value={draft.delivery_price}
          onChange={(v) => patch({ delivery_price: v ?? 0 })}
        />
        <MoneyInput
          label={t('zones.freeOver')}
          optional
          value={draft.required_order_price_for_free_delivery}
          onChange={(v) => patch({ required_order_price_for_free_delivery: v })}
        />
        <TimeInput
          label={t('zones.activeFrom')}
          value={draft.active_time_from}
          onChange={(v) => patch({ active_time_from: v })}
        />
        <TimeInput
          label={t('zones.activeTo')}
          value={draft.active_time_to}
          onChange={(v) => patch({ active_time_to: v })}
        />
      </div>
      <PolygonEditor
        points={points}
        others={others}
        center={center}
        onChange={(coordinates) => patch({ coordinates })}
      />
      <div className={s.row}>
        <button type="button" className={s.btn} disabled={!isValidPolygon(points)} onClick={save}>
          {t('zones.saveShape')}
        </button>
        <button type="button" className={s.btnGhost} onClick={() => patch({ coordinates: [] })}>
          {t('zones.clear')}
        </button>
        <button
          type="button"
          className={s.btnGhost}
          onClick={() =>
            void confirmLeave(leaveTexts(t)).then((ok) => {
              if (ok) onClose();
            })
          }
        >
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
