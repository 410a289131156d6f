/**
 * One order type of the place: on/off, its price tiers and its discount tiers with daily windows; for delivery also
 * its radiuses and map zones.
 */
import { useState } from 'react';
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import {
  saveDiscounts,
  savePrices,
  setOrderTypeActive,
  type AdminOrderTypeRow,
  type DiscountTiers,
  type PriceTiers,
} from '../../api/zones.ts';
import { useAdminPlace } from '../../hooks/admin-place-store.ts';
import { useAdminT } from '../../hooks/use-admin-texts.ts';
import type { LatLng } from '../../lib/polygon.ts';
import { FlagInput, NumberInput } from '../form-parts.tsx';
import { MoneyInput } from '../money-input.tsx';
import s from '../admin.module.css';
import { Radiuses } from './radiuses.tsx';
import { ShapeList } from './shape-list.tsx';
import { TierList } from './tier-list.tsx';
import { TimeInput, useZoneWrite } from './use-zone-write.tsx';
import { Select } from '../../../../components/ui/select.tsx';
import { percentOrMoney } from '../percent-or-money.ts';

export function OrderTypeCard({ orderType, center }: { orderType: AdminOrderTypeRow; center: LatLng }) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const { run, status } = useZoneWrite(place);
  const [prices, setPrices] = useState<PriceTiers>(() => orderType.prices.map((p) => ({ ...p })));
  const [discounts, setDiscounts] = useState<DiscountTiers>(() =>
    orderType.discounts.map(({ id: _id, ...d }) => ({ ...d })),
  );
  return (
    <section className={s.card} aria-label={t(`orderTypes.${orderType.type}`)}>
      <div className={s.row}>
        <h2 style={{ marginRight: 'auto' }}>{t(`orderTypes.${orderType.type}`)}</h2>
        <FlagInput
          label={t('fields.active')}
          value={orderType.active}
          onChange={(v) => void run(() => setOrderTypeActive(orderType.id, v))}
        />
      </div>
      <h3>{t('zones.prices')}</h3>
      <p className={s.hint}>{t('zones.pricesHelp')}</p>
      <TierList
        tiers={prices}
        onChange={setPrices}
        blank={() => ({ price_over: 0, price: 0 })}
        fields={(p, patch) => (
          <>
            <MoneyInput
              label={t('zones.priceOver')}
              value={p.price_over}
              onChange={(v) => patch({ price_over: v ?? 0 })}
            />
            <MoneyInput
              label={t('fields.price')}
              value={p.price}
              onChange={(v) => patch({ price: v ?? 0 })}
            />
          </>
        )}
        saveLabel={t('zones.savePrices')}
        onSave={() => void run(() => savePrices(orderType.id, prices))}
      />
      <h3>{t('zones.discounts')}</h3>
      <TierList
        tiers={discounts}
        onChange={setDiscounts}
        blank={() => ({
          price_over: 0,
          value: 0,
          value_type: 'percent' as const,
          active_start_time: null,
          active_end_time: null,
        })}
        fields={(d, patch) => (
          <>
            <MoneyInput
              label={t('zones.priceOver')}
              value={d.price_over}
              onChange={(v) => patch({ price_over: v ?? 0 })}
            />
            <label className={s.field}>
              {t('promos.kind')}
              <Select
                value={d.value_type}
                onValueChange={(v) => patch({ value_type: v as 'percent' | 'money', value: 0 })}
                options={percentOrMoney(t)}
              />
            </label>
            {d.value_type === 'money' ? (
              <MoneyInput
                label={t('promos.value')}
                value={d.value}
                onChange={(v) => patch({ value: v ?? 0 })}
              />
            ) : (
              <NumberInput
                label={t('promos.value')}
                value={d.value}
                min={0}
                max={100}
                step={0.01}
                onChange={(v) => patch({ value: v ?? 0 })}
              />
            )}
            <TimeInput
              label={t('zones.from')}
              value={d.active_start_time ?? null}
              onChange={(v) => patch({ active_start_time: v })}
            />
            <TimeInput
              label={t('zones.to')}
              value={d.active_end_time ?? null}
              onChange={(v) => patch({ active_end_time: v })}
            />
          </>
        )}
        saveLabel={t('zones.saveDiscounts')}
        onSave={() => void run(() => saveDiscounts(orderType.id, discounts))}
      />
      {status}
      {orderType.type === ORDER_TYPES.DELIVERY && (
        <>
          <Radiuses orderType={orderType} />
          <ShapeList orderType={orderType} center={center} />
        </>
      )}
    </section>
  );
}
