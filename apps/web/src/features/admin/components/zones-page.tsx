/**
 * Order types of the place (spot, delivery, pickup, spot browse, room, served on spot): on/off, price tiers and
 * discount tiers with daily windows; for delivery its radiuses and polygons drawn on the map, each with a price,
 * an active window and a free-delivery threshold; and the place's delivery regions.
 */
import { lazy, Suspense, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { adminRequest } from '../api/admin-client.ts';
import {
  createOrderType,
  createRadius,
  createRegion,
  createShape,
  deleteRadius,
  deleteRegion,
  deleteShape,
  orderTypesQuery,
  regionsQuery,
  saveDiscounts,
  savePrices,
  setOrderTypeActive,
  updateRadius,
  updateRegion,
  updateShape,
  type AdminOrderTypeRow,
  type AdminRegionRow,
  type DiscountTiers,
  type PriceTiers,
  type RadiusInput,
  type ShapeInput,
} from '../api/zones.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { confirmDelete } from '../hooks/confirm-delete.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { isValidPolygon, openRing, removeVertex, selfIntersects, type LatLng } from '../lib/polygon.ts';
import {
  FlagInput,
  NumberInput,
  SaveStatus,
  TextInput,
  TranslationGrid,
  orNull,
  type Translations,
} from './form-parts.tsx';
import { MoneyInput } from './money-input.tsx';
import s from './admin.module.css';

const PolygonMap = lazy(() => import('./polygon-map.tsx'));
const ORDER_TYPES = [1, 2, 3, 4, 6, 7] as const;
const SOFIA: LatLng = [42.6977, 23.3219];

/** Runs a write and reports it; refreshes the order types afterwards. */
function useWrite(place: string) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const run = async (write: () => Promise<unknown>) => {
    setError(null);
    setSaved(false);
    try {
      await write();
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: ['admin', place] });
    } catch (err) {
      setError(err);
    }
  };
  return { run, status: <SaveStatus error={error} saved={saved} /> };
}

export function ZonesPage() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const types = useQuery(orderTypesQuery(place));
  const venue = useQuery({
    queryKey: ['admin', place, 'place'],
    queryFn: () => adminRequest<{ lat: number | null; lng: number | null }>('place'),
  });
  const { run, status } = useWrite(place);
  if (types.isPending) return <PageLoading />;
  if (types.error) return <ErrorMessage error={types.error} onRetry={() => void types.refetch()} />;
  const center: LatLng =
    venue.data?.lat != null && venue.data.lng != null ? [venue.data.lat, venue.data.lng] : SOFIA;
  const missing = ORDER_TYPES.filter((type) => !types.data.some((o) => o.type === type));
  return (
    <div>
      <section className={s.card}>
        <h2>{t('zones.orderTypes')}</h2>
        <div className={s.row}>
          {missing.map((type) => (
            <button
              key={type}
              type="button"
              className={s.btnGhost}
              onClick={() => void run(() => createOrderType(type))}
            >
              + {t(`orderTypes.${type}`)}
            </button>
          ))}
        </div>
        {status}
      </section>
      {types.data.map((ot) => (
        <OrderTypeCard key={ot.id} orderType={ot} center={center} />
      ))}
      <RegionsCard />
    </div>
  );
}

function OrderTypeCard({ orderType, center }: { orderType: AdminOrderTypeRow; center: LatLng }) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const { run, status } = useWrite(place);
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
      {prices.map((p, i) => (
        <div key={i} className={s.row}>
          <MoneyInput
            label={t('zones.priceOver')}
            value={p.price_over}
            onChange={(v) => setPrices(prices.map((x, j) => (j === i ? { ...x, price_over: v ?? 0 } : x)))}
          />
          <MoneyInput
            label={t('fields.price')}
            value={p.price}
            onChange={(v) => setPrices(prices.map((x, j) => (j === i ? { ...x, price: v ?? 0 } : x)))}
          />
          <button
            type="button"
            className={s.iconBtn}
            aria-label={t('common.remove')}
            onClick={() => setPrices(prices.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      <div className={s.row}>
        <button
          type="button"
          className={s.btnGhost}
          onClick={() => setPrices([...prices, { price_over: 0, price: 0 }])}
        >
          {t('zones.addTier')}
        </button>
        <button
          type="button"
          className={s.btn}
          onClick={() => void run(() => savePrices(orderType.id, prices))}
        >
          {t('zones.savePrices')}
        </button>
      </div>
      <h3>{t('zones.discounts')}</h3>
      {discounts.map((d, i) => {
        const patch = (p: Partial<DiscountTiers[number]>) =>
          setDiscounts(discounts.map((x, j) => (j === i ? { ...x, ...p } : x)));
        return (
          <div key={i} className={s.row}>
            <MoneyInput
              label={t('zones.priceOver')}
              value={d.price_over}
              onChange={(v) => patch({ price_over: v ?? 0 })}
            />
            <label className={s.field}>
              {t('promos.kind')}
              <select
                value={d.value_type}
                onChange={(e) => patch({ value_type: e.target.value as 'percent' | 'money', value: 0 })}
              >
                <option value="percent">{t('promos.percent')}</option>
                <option value="money">{t('promos.money')}</option>
              </select>
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
            <button
              type="button"
              className={s.iconBtn}
              aria-label={t('common.remove')}
              onClick={() => setDiscounts(discounts.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        );
      })}
      <div className={s.row}>
        <button
          type="button"
          className={s.btnGhost}
          onClick={() =>
            setDiscounts([
              ...discounts,
              {
                price_over: 0,
                value: 0,
                value_type: 'percent',
                active_start_time: null,
                active_end_time: null,
              },
            ])
          }
        >
          {t('zones.addTier')}
        </button>
        <button
          type="button"
          className={s.btn}
          onClick={() => void run(() => saveDiscounts(orderType.id, discounts))}
        >
          {t('zones.saveDiscounts')}
        </button>
      </div>
      {status}
      {orderType.type === 2 && (
        <>
          <Radiuses orderType={orderType} />
          <Shapes orderType={orderType} center={center} />
        </>
      )}
    </section>
  );
}

function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  return (
    <label className={s.field}>
      {label}
      <input
        type="time"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      />
    </label>
  );
}

function Radiuses({ orderType }: { orderType: AdminOrderTypeRow }) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const { run, status } = useWrite(place);
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
                id ? void run(() => deleteRadius(id)) : setRows(rows.filter((_, j) => j !== i))
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

type ShapeDraft = Required<ShapeInput> & { id?: number };

function Shapes({ orderType, center }: { orderType: AdminOrderTypeRow; center: LatLng }) {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const { run, status } = useWrite(place);
  const [editing, setEditing] = useState<ShapeDraft | null>(null);
  const shapes = orderType.delivery_shapes;
  const others = shapes
    .filter((sh) => sh.id !== editing?.id)
    .map((sh) => openRing(sh.coordinates as LatLng[]));
  const patch = (p: Partial<ShapeDraft>) => setEditing((e) => (e ? { ...e, ...p } : e));
  const points = (editing?.coordinates ?? []) as LatLng[];
  return (
    <div>
      <h3>{t('zones.shapes')}</h3>
      <ul>
        {shapes.map((sh) => (
          <li key={sh.id} className={s.row}>
            <span>
              {sh.name ?? `#${sh.id}`} ·{' '}
              {t('zones.vertices', { n: openRing(sh.coordinates as LatLng[]).length })}
            </span>
            <button
              type="button"
              className={s.btnGhost}
              onClick={() =>
                setEditing({
                  id: sh.id,
                  name: sh.name,
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
        <button
          type="button"
          className={s.btnGhost}
          onClick={() =>
            setEditing({
              name: null,
              delivery_price: 0,
              coordinates: [],
              active_time_from: null,
              active_time_to: null,
              required_order_price_for_free_delivery: null,
            })
          }
        >
          {t('zones.drawShape')}
        </button>
      )}
      {editing && (
        <div className={s.card}>
          <p className={s.hint}>{t('zones.mapHelp')}</p>
          <div className={s.grid}>
            <TextInput
              label={t('fields.name')}
              value={editing.name}
              onChange={(v) => patch({ name: orNull(v) })}
            />
            <MoneyInput
              label={t('zones.deliveryPrice')}
              value={editing.delivery_price}
              onChange={(v) => patch({ delivery_price: v ?? 0 })}
            />
            <MoneyInput
              label={t('zones.freeOver')}
              optional
              value={editing.required_order_price_for_free_delivery}
              onChange={(v) => patch({ required_order_price_for_free_delivery: v })}
            />
            <TimeInput
              label={t('zones.activeFrom')}
              value={editing.active_time_from}
              onChange={(v) => patch({ active_time_from: v })}
            />
            <TimeInput
              label={t('zones.activeTo')}
              value={editing.active_time_to}
              onChange={(v) => patch({ active_time_to: v })}
            />
          </div>
          <Suspense fallback={<PageLoading />}>
            <PolygonMap
              center={points[0] ?? center}
              points={points}
              others={others}
              label={t('zones.map')}
              onChange={(coordinates) => patch({ coordinates })}
            />
          </Suspense>
          <ol>
            {points.map((p, i) => (
              <li key={`${i}-${p[0]}-${p[1]}`}>
                {p[0].toFixed(5)}, {p[1].toFixed(5)}{' '}
                <button
                  type="button"
                  className={s.iconBtn}
                  disabled={points.length <= 3}
                  aria-label={t('zones.removeVertex', { n: i + 1 })}
                  onClick={() => patch({ coordinates: removeVertex(points, i) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
          {selfIntersects(points) && <p className={s.error}>{t('zones.crossing')}</p>}
          <div className={s.row}>
            <button
              type="button"
              className={s.btn}
              disabled={!isValidPolygon(points)}
              onClick={() =>
                void run(async () => {
                  const { id, ...body } = editing;
                  if (id) await updateShape(id, body);
                  else await createShape(orderType.id, body);
                  setEditing(null);
                })
              }
            >
              {t('zones.saveShape')}
            </button>
            <button type="button" className={s.btnGhost} onClick={() => patch({ coordinates: [] })}>
              {t('zones.clear')}
            </button>
            <button type="button" className={s.btnGhost} onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
      {status}
    </div>
  );
}

function RegionsCard() {
  const t = useAdminT();
  const { slug: place } = useAdminPlace();
  const regions = useQuery(regionsQuery(place));
  const { run, status } = useWrite(place);
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
                  onClick={() => void run(() => deleteRegion(r.id))}
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
