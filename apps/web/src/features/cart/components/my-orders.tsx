/**
 * The orders tab at the table (spec §2, §4): the session's orders with their live status (polled about every 10 s
 * while open; 'Invalid session' drops the token), asking for the bill with a payment method (once; only after an
 * order; extends the token 15 minutes), and change table (show_change_table, or a waiter logged in; lazy modal).
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseFlag } from '@trapeza/domain/settings';
import { isWaiterOrAbove } from '@trapeza/domain/roles';
import { formatPrice } from '@trapeza/domain/money';
import { useLineNames } from '../../../hooks/use-line-names.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { updateOrderToken } from '../../../lib/order-token-cookie.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { askForBill, sessionOrdersQueryOptions } from '../api/orders.ts';
import type { CartContext } from '../hooks/use-cart-context.ts';
import { Link } from '../../../components/link.tsx';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { useCartUiStore } from '../../../stores/cart-store.ts';
import { trackedOrders, trackingPath } from '../../order-tracking/tracked-orders.ts';
import { Select } from '../../../components/ui/select.tsx';

const ChangeTableModal = lazy(() =>
  import('./change-table-modal.tsx').then((m) => ({ default: m.ChangeTableModal })),
);

const INVALID_SESSION = 'Invalid session';

export function MyOrders({ ctx }: { ctx: CartContext }) {
  const { venue, raw, tableSession } = ctx;
  if (!tableSession) return <DeviceOrders place={venue.place} />;
  return (
    <SessionOrders
      ctx={ctx}
      token={tableSession.token}
      askHidden={parseFlag(raw.ask_for_bill_hidden, false)}
      place={venue.place}
    />
  );
}

/**
 * Away from a table: the delivery and pickup orders this device placed (issue 24 #6), each linking to its tracking
 * page; with none, the spec's "scan the QR code on your table".
 */
function DeviceOrders({ place }: { place: string }) {
  const { t } = useTranslation();
  const [orders] = useState(() => trackedOrders(place));
  if (orders.length === 0) return <p className="muted">{t('cart.scanForOrders')}</p>;
  return (
    <div className="stack">
      <h3>{t('cart.trackedOrders')}</h3>
      <ul className="stack plain" aria-label={t('cart.myOrders')}>
        {orders.map((o) => (
          <li key={o.trackingToken} className="card-section row-between" data-testid="tracked-order">
            <span>
              <strong>{orderNumberLabel(o.number, o.key)}</strong>{' '}
              {new Date(o.at).toLocaleString(undefined, {
                day: '2-digit',
                month: '2-digit',
                hour: '2-digit',
                minute: '2-digit',
              })}
            </span>
            <Link
              to={trackingPath(place, o.trackingToken)}
              onClick={() => useCartUiStore.getState().closeCart()}
            >
              {t('cart.trackOrder')}
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted">{t('cart.scanForOrders')}</p>
    </div>
  );
}

function SessionOrders({
  ctx,
  token,
  askHidden,
  place,
}: {
  ctx: CartContext;
  token: string;
  askHidden: boolean;
  place: string;
}) {
  const { t } = useTranslation();
  const { venue, raw, tableSession } = ctx;
  const query = useQuery(sessionOrdersQueryOptions(place, token));
  const lineNames = useLineNames(place, venue.lang);
  const staff = useAccountStore((s) => isWaiterOrAbove(s.user?.role));
  const canChangeTable = staff || parseFlag(raw.show_change_table, false);
  const [changing, setChanging] = useState(false);
  const [method, setMethod] = useState(venue.ui.about.paymentTypes[0] ?? 'cash');
  const [billState, setBillState] = useState<{ loading: boolean; message: string | null; asked: boolean }>({
    loading: false,
    message: null,
    asked: false,
  });

  const error = query.error;
  if (error instanceof ApiRequestError && error.body?.message === INVALID_SESSION) {
    // Spec §7: 'Invalid session' clears the token.
    queueMicrotask(() => useSessionStore.getState().clearOrderToken());
    return (
      <p role="alert" className="alert">
        {t('cart.errors.rescan')}
      </p>
    );
  }
  if (query.isPending) return <p className="muted">{t('common.loading')}</p>;
  const data = query.data;
  const orders = data?.orders ?? [];
  const billWanted = billState.asked || data?.bill_wanted === 1;

  const requestBill = async () => {
    setBillState({ loading: true, message: null, asked: false });
    try {
      const answer = await askForBill(place, token, {
        status: 1,
        paymentMethod: method,
        placeId: venue.info.id,
      });
      // Keeps the device's cookie lifetime (a kiosk's is 43800 h).
      updateOrderToken({ expires: new Date(answer.expires).getTime() });
      setBillState({ loading: false, message: t('cart.billRequested'), asked: true });
      void query.refetch();
    } catch (e) {
      const code = e instanceof ApiRequestError ? e.body?.message : null;
      const message =
        code === 'bill_already_requested'
          ? t('cart.billAlreadyRequested')
          : code === 'create_order_first'
            ? t('cart.createOrderFirst')
            : navigator.onLine === false
              ? t('errors.offline')
              : t('cart.billFailed');
      setBillState({ loading: false, message, asked: code === 'bill_already_requested' });
    }
  };

  const table = data?.table ?? tableSession?.table ?? null;
  const room = data?.order_type === ORDER_TYPES.ROOM || tableSession?.ordertype === ORDER_TYPES.ROOM;
  return (
    <div className="stack">
      {table && (
        <div className="row-between">
          <strong data-testid="current-table">
            {room ? t('cart.room', { room: table }) : t('cart.atTable', { table })}
          </strong>
          {canChangeTable && (
            <button type="button" className="button button-secondary" onClick={() => setChanging(true)}>
              {t('cart.changeTable')}
            </button>
          )}
        </div>
      )}
      {changing && (
        <Suspense fallback={null}>
          <ChangeTableModal
            place={place}
            session={token}
            current={table}
            room={room}
            onClose={() => setChanging(false)}
          />
        </Suspense>
      )}
      {orders.length === 0 ? (
        <p className="muted">{t('cart.noOrders')}</p>
      ) : (
        <ul className="stack plain" aria-label={t('cart.myOrders')}>
          {orders.map((o) => (
            <li key={o.key} className="card-section" data-testid="session-order">
              <div className="row-between">
                <strong>
                  <span data-testid="session-order-number">{orderNumberLabel(o.number, o.key)}</span>{' '}
                  {new Date(o.created_at).toLocaleTimeString(venue.lang, {
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </strong>
                <span className="status-chip" data-status={o.status}>
                  {t(`cart.status.${o.status}`, { defaultValue: o.status })}
                </span>
              </div>
              <ul className="plain">
                {o.lines.map((l, i) => {
                  const { name, size } = lineNames(l);
                  return (
                    <li key={i}>
                      {l.quantity} x <span dir="auto">{name}</span>
                      {size ? ` – ${size}` : ''}
                    </li>
                  );
                })}
              </ul>
              <p className="row-between">
                <span>{t('cart.total')}</span>
                <strong>{formatPrice(o.total, venue.currency, venue.lang).primary}</strong>
              </p>
            </li>
          ))}
        </ul>
      )}
      {!askHidden && (
        <div className="stack card-section">
          <h3>{t('cart.askForBill')}</h3>
          {venue.ui.about.paymentTypes.length > 0 && (
            <label className="field">
              <span>{t('cart.fields.paymentMethod')}</span>
              <Select
                value={method}
                onValueChange={setMethod}
                options={venue.ui.about.paymentTypes.map((m) => ({
                  value: m,
                  label: t(`cart.payment.${m}`, { defaultValue: m }),
                }))}
              />
            </label>
          )}
          <button
            type="button"
            className="button"
            disabled={billState.loading}
            onClick={() => void requestBill()}
          >
            {billWanted ? t('cart.billAskedButton') : t('cart.askForBill')}
          </button>
          {billState.message && <p role="status">{billState.message}</p>}
        </div>
      )}
    </div>
  );
}
