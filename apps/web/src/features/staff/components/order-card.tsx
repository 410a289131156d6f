/**
 * One order on the board: where, when, who, what (lines with ingredients and comments), payment and the price
 * breakdown, and one button per legal next status. The buttons come from the order's `next_statuses` (the
 * server's transition table) and are checked again against the domain's `canTransition`, so a stale or
 * unknown status never offers a step the server would refuse. Rejecting asks for a reason the guest will see.
 */
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import type { StoreTablesMenuResponse } from '@trapeza/domain/contracts/orders';
import {
  canTransition,
  isOrderStatus,
  isOrderType,
  type OrderStatus,
  ORDER_TYPES,
} from '@trapeza/domain/order-status';
import { addressLine, clockTime, hasTable, orderMoney } from '../lib/order-format.ts';
import { staffErrorCode } from '../api/staff-request.ts';
import styles from './staff.module.css';
import { askConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';

export interface OrderCardProps {
  order: StaffOrder;
  lang: string;
  /** Arrived live and not yet accepted on this screen. */
  fresh?: boolean;
  /** Active tables and rooms to move the order to; undefined while loading. */
  tables?: StoreTablesMenuResponse;
  onStatus: (status: OrderStatus, reason?: string) => Promise<unknown>;
  onTable: (tableId: number | null) => Promise<unknown>;
  onAcknowledge: () => void;
  /** the card the board's keyboard shortcuts act on */
  selected?: boolean;
  onSelect?: () => void;
  /** Printing buttons (reprint, receipt, browser print), when the screen offers them. */
  printActions?: ReactNode;
  /** Bars the order's device from ordering here (spec §6; POST staff/devices/block), after a confirmation. */
  onBlockDevice?: () => Promise<unknown>;
}

/** The legal next statuses of an order, in the server's order, each also allowed by the domain table. */
export function legalNextStatuses(
  order: Pick<StaffOrder, 'type' | 'status' | 'next_statuses'>,
): OrderStatus[] {
  const { type, status } = order;
  if (!isOrderType(type) || !isOrderStatus(status)) return [];
  return order.next_statuses.filter(
    (to): to is OrderStatus => isOrderStatus(to) && canTransition(type, status, to),
  );
}

const KNOWN_ERRORS = new Set([
  'illegal_status_transition',
  'status_conflict',
  'reason_required',
  'order_not_found',
  'table_not_found',
]);

export function OrderCard({
  order,
  lang,
  fresh,
  tables,
  onStatus,
  onTable,
  onAcknowledge,
  selected = false,
  onSelect,
  printActions,
  onBlockDevice,
}: OrderCardProps) {
  const { t } = useTranslation();
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const headingId = useId();
  const reasonId = useId();
  const reasonErrorId = useId();
  const next = legalNextStatuses(order);
  const forward = next.filter((s) => s !== 'rejected');
  const money = (amount: number) => orderMoney(amount, order.price.currency, lang);

  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (e) {
      const code = staffErrorCode(e);
      setError(t(`staff.order.error.${code && KNOWN_ERRORS.has(code) ? code : 'generic'}`));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submitReject = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) {
      setReasonError(true);
      return;
    }
    if (await run(() => onStatus('rejected', text))) {
      setRejecting(false);
      setReason('');
    }
  };

  const where = order.table
    ? t(order.table.kind === 'room' ? 'staff.order.room' : 'staff.order.table', {
        number: order.table.number,
      })
    : order.room_number
      ? t('staff.order.room', { number: order.room_number })
      : null;
  const address = order.address
    ? addressLine(order.address, (key, value) => t(`staff.order.${key}`, { value }))
    : '';
  const price = order.price;
  const priceRows: [string, number][] = (
    [
      ['subtotal', price.subtotal],
      ['discount', -price.discount_total],
      // Stored together: a delivery's price, or another type's service fee — never called "Delivery" on a
      // pickup (issue 24).
      [order.type === ORDER_TYPES.DELIVERY ? 'delivery' : 'serviceFee', price.delivery_fee],
      ['box', price.box_fee],
      ['cutlery', price.cutlery_fee],
      ['paymentFee', price.payment_fee],
      ['accumulated', -price.accumulated_amount_used],
    ] as [string, number][]
  ).filter(([key, amount]) => key === 'subtotal' || amount !== 0);

  return (
    <article
      className={`${styles.card} ${fresh ? styles.fresh : ''}`}
      aria-labelledby={headingId}
      data-order-id={order.id}
      data-order-key={order.key}
      data-status={order.status}
      data-selected={selected || undefined}
      // One stop per card for the board's shortcuts (j / k move, a accepts, n moves to the next status).
      tabIndex={onSelect ? 0 : undefined}
      onFocus={onSelect}
    >
      <header className={styles.cardHeader}>
        <h3 id={headingId} className={styles.cardTitle}>
          {where ?? t(`staff.type.${order.type}`)}
          <span className={styles.orderKey}>
            {t('staff.order.label', { key: orderNumberLabel(order.number, order.key) })}
          </span>
        </h3>
        <div className={styles.badges}>
          {fresh && <span className={`${styles.badge} ${styles.badgeNew}`}>{t('staff.order.new')}</span>}
          <span className={styles.badge}>{t(`staff.type.${order.type}`)}</span>
          <span className={`${styles.badge} ${styles[`status_${order.status}`] ?? ''}`}>
            {t(`staff.status.${order.status}`, { defaultValue: order.status })}
          </span>
        </div>
      </header>

      {order.scheduled_start && order.requested_time && (
        // A future order (issue 24 #3): its time, prominent, so nobody cooks it now.
        <p className={styles.scheduledNote} data-testid="order-scheduled">
          {t('staff.order.scheduledFor', { time: order.requested_time })}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('staff.order.placed')}</dt>
          <dd>
            <time dateTime={order.created_at}>{clockTime(order.created_at, lang)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('staff.order.requested')}</dt>
          <dd>
            {order.requested_time
              ? `${order.requested_time}${order.exact_time_selected ? ` (${t('staff.order.exactTime')})` : ''}`
              : t('staff.order.asap')}
          </dd>
        </div>
        {address && (
          <div>
            <dt>{t('staff.order.address')}</dt>
            <dd>{address}</dd>
          </div>
        )}
        {order.customer && (order.customer.name || order.customer.phone || order.customer.email) && (
          <div>
            <dt>{t('staff.order.customer')}</dt>
            <dd>
              {[order.customer.name].filter(Boolean).join('')}
              {order.customer.phone && (
                <>
                  {' · '}
                  <a href={`tel:${order.customer.phone}`}>{order.customer.phone}</a>
                </>
              )}
              {order.customer.email && <> · {order.customer.email}</>}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('staff.order.payment')}</dt>
          <dd>
            {order.payment_method
              ? t(`staff.payment.method.${order.payment_method}`, { defaultValue: order.payment_method })
              : '—'}
            {' · '}
            <span className={order.payment_status === 'paid' ? styles.paid : undefined}>
              {t(`staff.payment.status.${order.payment_status}`, { defaultValue: order.payment_status })}
            </span>
            {order.bill_wanted === 1 && (
              <strong className={styles.billWanted}>
                {' · '}
                {order.bill_payment_method
                  ? t('staff.order.billWantedWith', {
                      method: t(`staff.payment.method.${order.bill_payment_method}`, {
                        defaultValue: order.bill_payment_method,
                      }),
                    })
                  : t('staff.order.billWanted')}
              </strong>
            )}
          </dd>
        </div>
        {order.cutlery === 1 && (
          <div>
            <dt>{t('staff.order.cutlery')}</dt>
            <dd>{order.count_cutlery}</dd>
          </div>
        )}
        {order.promo_code && (
          <div>
            <dt>{t('staff.order.promo')}</dt>
            <dd>{order.promo_code}</dd>
          </div>
        )}
      </dl>

      <ul className={styles.lines} aria-label={t('staff.order.lines')}>
        {order.lines.map((line) => (
          <li key={line.id} className={styles.line}>
            <div className={styles.lineMain}>
              <span>
                <strong>{line.quantity} ×</strong> <span dir="auto">{line.name}</span>
                {line.size ? <span className={styles.muted}> ({line.size})</span> : null}
              </span>
              <span className={styles.amount}>{money(line.line_total)}</span>
            </div>
            {line.ingredients.length > 0 && (
              <ul className={styles.ingredients}>
                {line.ingredients.map((ing) => (
                  <li key={`${ing.type}-${ing.ingredient_id}`} className={styles[`ing_${ing.type}`]}>
                    {ing.type === 'removable'
                      ? t('staff.order.without', { name: ing.name })
                      : ing.type === 'addable'
                        ? t('staff.order.with', { name: ing.name })
                        : ing.name}
                    {ing.price !== 0 && ing.type !== 'removable' ? ` (${money(ing.price)})` : ''}
                  </li>
                ))}
              </ul>
            )}
            {line.comment && <p className={styles.comment}>„{line.comment}“</p>}
          </li>
        ))}
      </ul>
      {order.comment && (
        <p className={styles.comment}>
          <strong>{t('staff.order.orderComment')}:</strong> {order.comment}
        </p>
      )}

      <table className={styles.price}>
        <caption className="visually-hidden">{t('staff.order.priceTitle')}</caption>
        <tbody>
          {priceRows.map(([key, amount]) => (
            <tr key={key}>
              <th scope="row">{t(`staff.order.price.${key}`)}</th>
              <td>{money(amount)}</td>
            </tr>
          ))}
          <tr className={styles.total}>
            <th scope="row">{t('staff.order.price.total')}</th>
            <td>{money(price.total)}</td>
          </tr>
        </tbody>
      </table>

      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}

      <div className={styles.actions}>
        {fresh && (
          <button
            type="button"
            className={`button ${styles.accept}`}
            onClick={onAcknowledge}
            aria-keyshortcuts={onSelect ? 'A' : undefined}
          >
            {t('staff.action.accept')}
          </button>
        )}
        {forward.map((status, i) => (
          <button
            key={status}
            type="button"
            className="button"
            aria-keyshortcuts={onSelect && i === 0 ? 'N' : undefined}
            disabled={busy}
            onClick={() => void run(() => onStatus(status))}
          >
            {t(`staff.action.${status}`)}
          </button>
        ))}
        {next.includes('rejected') && !rejecting && (
          <button
            type="button"
            className={`button button-secondary ${styles.danger}`}
            disabled={busy}
            onClick={() => setRejecting(true)}
          >
            {t('staff.action.rejected')}
          </button>
        )}
      </div>

      {printActions}

      {onBlockDevice && order.device_id && (
        <div className={styles.actions}>
          {blocked ? (
            <p role="status">{t('staff.order.block.done')}</p>
          ) : (
            <button
              type="button"
              className={`button button-secondary ${styles.danger}`}
              disabled={busy}
              onClick={() =>
                void (async () => {
                  const ok = await askConfirm({
                    title: t('staff.order.block.title'),
                    message: t('staff.order.block.message'),
                    confirmLabel: t('staff.order.block.confirm'),
                    cancelLabel: t('staff.common.cancel'),
                    danger: true,
                  });
                  if (ok && (await run(onBlockDevice))) setBlocked(true);
                })()
              }
            >
              {t('staff.order.block.button')}
            </button>
          )}
        </div>
      )}

      {rejecting && (
        <form className={styles.rejectForm} onSubmit={(e) => void submitReject(e)} noValidate>
          <label htmlFor={reasonId}>{t('staff.order.reject.reason')}</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            rows={2}
            required
            autoFocus
            aria-invalid={reasonError || undefined}
            aria-describedby={reasonError ? reasonErrorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setReasonError(false);
            }}
          />
          {reasonError && (
            <p id={reasonErrorId} className={styles.error}>
              {t('staff.order.reject.required')}
            </p>
          )}
          <div className={styles.actions}>
            <button type="submit" className={`button ${styles.dangerSolid}`} disabled={busy}>
              {t('staff.order.reject.confirm')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setRejecting(false);
                setReasonError(false);
              }}
            >
              {t('staff.common.cancel')}
            </button>
          </div>
        </form>
      )}

      {hasTable(order) && next.length > 0 && tables && tables.length > 0 && (
        <TableForm
          key={order.table?.id ?? 'none'}
          current={order.table?.id ?? null}
          tables={tables}
          busy={busy}
          onMove={(id) => void run(() => onTable(id))}
        />
      )}
    </article>
  );
}

/** Sets, changes or clears the table of an order; keyed by the current table so an event resets the choice. */
function TableForm(props: {
  current: number | null;
  tables: StoreTablesMenuResponse;
  busy: boolean;
  onMove: (tableId: number | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState(props.current === null ? '' : String(props.current));
  const unchanged = choice === (props.current === null ? '' : String(props.current));
  return (
    <form
      className={styles.tableForm}
      onSubmit={(e) => {
        e.preventDefault();
        props.onMove(choice === '' ? null : Number(choice));
      }}
    >
      <label htmlFor={id}>{t('staff.order.changeTable')}</label>
      <Select
        id={id}
        value={choice}
        onValueChange={setChoice}
        options={[
          { value: '', label: t('staff.order.noTable') },
          ...props.tables.map((tb) => ({
            value: String(tb.id),
            label:
              t(tb.kind === 'room' ? 'staff.order.room' : 'staff.order.table', { number: tb.number }) +
              (tb.hall_name ? ` · ${tb.hall_name}` : ''),
          })),
        ]}
      />
      <button type="submit" className="button button-secondary" disabled={props.busy || unchanged}>
        {t('staff.order.moveTable')}
      </button>
    </form>
  );
}
