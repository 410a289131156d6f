/**
 * The kitchen view (WAITER and above): a wall screen listing only the orders still to cook, ASAP first, then by
 * requested time, in large high-contrast type. Same data and live stream as the board (`useStaffBoard`): a new
 * order appears, a cooked, served or rejected one disappears. "Cooked" sends the order's `cooked_*` step from the
 * domain transition table through the board's status call. A full-screen toggle uses the Fullscreen API.
 */
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import type { OrderStatus } from '@trapeza/domain/order-status';
import { useStaffBoard } from '../hooks/use-staff-board.ts';
import { ageMinutes, cookedStatus, kitchenOrders, scheduledOrders } from '../lib/kitchen.ts';
import { clockTime } from '../lib/order-format.ts';
import { OrderPrintActions, PrinterAlert } from './print-tools.tsx';
import styles from './staff.module.css';

interface KitchenViewProps {
  place: string;
  token: string;
  onUnauthorized: () => void;
}

export function KitchenView({ place, token, onUnauthorized }: KitchenViewProps) {
  const { t } = useTranslation();
  const board = useStaffBoard(place, token, onUnauthorized);
  const { state, status } = board;
  const orders = useMemo(() => Object.values(state.orders), [state.orders]);
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const sync = () => setFullscreen(document.fullscreenElement != null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.();
  };

  return (
    <div className={styles.kitchen}>
      <div className={styles.toolbar}>
        <span className={`${styles.pill} ${styles[`conn_${status}`]}`}>
          {t(`staff.connection.${status}`)}
        </span>
        {document.fullscreenEnabled !== false && (
          <button
            type="button"
            className="button button-secondary"
            aria-pressed={fullscreen}
            onClick={toggleFullscreen}
          >
            {fullscreen ? t('staff.kitchen.exitFullscreen') : t('staff.kitchen.fullscreen')}
          </button>
        )}
      </div>
      <PrinterAlert place={place} />
      {status === 'reconnecting' && (
        <p className={styles.banner} role="status">
          {t('staff.connection.reconnectingLong')}
        </p>
      )}
      {board.loadError && (
        <div className={styles.banner} role="alert">
          {t('staff.board.loadFailed')}{' '}
          <button type="button" className="button" onClick={board.retry}>
            {t('staff.common.retry')}
          </button>
        </div>
      )}
      {!state.loaded && !board.loadError ? (
        <p className={styles.kitchenEmpty}>{t('staff.board.loading')}</p>
      ) : (
        <KitchenList
          orders={orders}
          place={place}
          onCooked={(order, to) => board.setOrderStatus(order, to)}
        />
      )}
    </div>
  );
}

export interface KitchenListProps {
  /** Every order the board knows; the list keeps only those to cook. */
  orders: readonly StaffOrder[];
  onCooked: (order: StaffOrder, to: OrderStatus) => Promise<unknown>;
  /** The clock for the ages and future orders (tests fix it); by default the current time, refreshed every 10 s. */
  now?: number;
  /** The place, for the reprint button (none without it). */
  place?: string;
}

export function KitchenList({ orders, onCooked, now, place }: KitchenListProps) {
  const { t } = useTranslation();
  const clock = useClock(now === undefined);
  const current = now ?? clock;
  // Future orders (issue 24 #3) wait below, soonest first, and join the queue at their start.
  const list = useMemo(() => kitchenOrders(orders, current), [orders, current]);
  const later = useMemo(() => scheduledOrders(orders, current), [orders, current]);
  return (
    <>
      {list.length === 0 ? (
        <p className={styles.kitchenEmpty}>{t('staff.kitchen.empty')}</p>
      ) : (
        <ol className={styles.kitchenList} aria-label={t('staff.kitchen.title')}>
          {list.map((order) => (
            <KitchenOrder key={order.id} order={order} now={current} onCooked={onCooked} place={place} />
          ))}
        </ol>
      )}
      {later.length > 0 && (
        <section className={styles.kitchenScheduled} aria-labelledby="kitchen-scheduled-title">
          <h2 id="kitchen-scheduled-title">{t('staff.kitchen.scheduled')}</h2>
          <ol className={styles.kitchenList} aria-labelledby="kitchen-scheduled-title">
            {later.map((order) => (
              <KitchenOrder
                key={order.id}
                order={order}
                now={current}
                onCooked={onCooked}
                place={place}
                waiting
              />
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

function KitchenOrder({
  order,
  now,
  onCooked,
  place,
  waiting = false,
}: {
  order: StaffOrder;
  now: number;
  onCooked: KitchenListProps['onCooked'];
  place?: string;
  /** A future order before its start: its time and when to start, no "Cooked" yet. */
  waiting?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const to = cookedStatus(order);
  const where = order.table
    ? t(order.table.kind === 'room' ? 'staff.order.room' : 'staff.order.table', {
        number: order.table.number,
      })
    : order.room_number
      ? t('staff.order.room', { number: order.room_number })
      : null;
  const age = ageMinutes(order.created_at, now);
  const cooked = async () => {
    if (!to) return;
    setBusy(true);
    setFailed(false);
    try {
      await onCooked(order, to);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className={styles.kitchenOrder}
      aria-label={t('staff.order.label', { key: orderNumberLabel(order.number, order.key) })}
    >
      <div className={styles.kitchenHead}>
        <strong>{where ?? t(`staff.type.${order.type}`)}</strong>
        {where && <span>{t(`staff.type.${order.type}`)}</span>}
        <span>{t('staff.order.label', { key: orderNumberLabel(order.number, order.key) })}</span>
        <span className={styles.kitchenTime}>
          {order.requested_time ? order.requested_time : t('staff.kitchen.asap')}
        </span>
        <span className={age >= 20 ? styles.kitchenLate : undefined}>
          {t('staff.kitchen.age', { count: age })}
        </span>
      </div>
      {order.scheduled_start && order.requested_time && (
        <p className={styles.scheduledNote}>
          {t('staff.order.scheduledFor', { time: order.requested_time })}
          {waiting &&
            ` · ${t('staff.kitchen.startsAt', { time: clockTime(order.scheduled_start, i18n.language) })}`}
        </p>
      )}
      <ul className={styles.kitchenLines}>
        {order.lines.map((line) => (
          <li key={line.id}>
            <span className={styles.kitchenQty}>{line.quantity} ×</span> <span dir="auto">{line.name}</span>
            {line.size ? ` (${line.size})` : null}
            {line.ingredients.length > 0 && (
              <ul className={styles.kitchenIngredients}>
                {line.ingredients.map((ing) => (
                  <li key={`${ing.type}-${ing.ingredient_id}`} className={styles[`ing_${ing.type}`]}>
                    {ing.type === 'removable'
                      ? t('staff.order.without', { name: ing.name })
                      : ing.type === 'addable'
                        ? t('staff.order.with', { name: ing.name })
                        : ing.name}
                  </li>
                ))}
              </ul>
            )}
            {line.comment && <p className={styles.kitchenComment}>„{line.comment}“</p>}
          </li>
        ))}
      </ul>
      {order.comment && (
        <p className={styles.kitchenComment}>
          {t('staff.order.orderComment')}: {order.comment}
        </p>
      )}
      {to && !waiting && (
        <button type="button" className={`button ${styles.kitchenCooked}`} disabled={busy} onClick={cooked}>
          {t('staff.kitchen.cooked')}
        </button>
      )}
      {place && <OrderPrintActions place={place} orderId={order.id} receipt={false} />}
      {failed && (
        <p role="alert" className={styles.kitchenComment}>
          {t('staff.order.error.generic')}
        </p>
      )}
    </li>
  );
}

/** The current time, refreshed every 10 s while `live` (a future order joins the queue within 10 s of its start). */
function useClock(live: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const id = window.setInterval(() => setNow(Date.now()), 10_000);
    return () => window.clearInterval(id);
  }, [live]);
  return now;
}
