/**
 * `/{place}/profile/orders` (spec §2, §3 order-list columns): date, products, type, amount, payment, status
 * (spec §4 statuses: ordered shown as accepted, paid as finished), address, personal data — one card per order with
 * its short number and, for delivery and pickup, the link to its tracking page (issue 24 #6: readable on a phone). Signed out, the
 * profile's login page; a refused token ends the session (spec §4).
 */
import { isTrackedOrderType } from '@trapeza/domain/order-status';
import { useEffect } from 'react';
import { Link } from '../../../components/link.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoreUserOrder } from '@trapeza/domain/contracts/users';
import { formatMoney, formatPrice } from '@trapeza/domain/money';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useLineNames } from '../../../hooks/use-line-names.ts';
import { usePageMeta } from '../../../hooks/use-page-meta.ts';
import { useVenue, type Venue } from '../../../hooks/use-venue.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useAccountStore } from '../../../stores/account-store.ts';
import { userOrdersQueryOptions } from '../api/get-user-orders.ts';
import { endSession } from '../hooks/auth-session.ts';
import { formatOrderDate } from '../hooks/format-order-date.ts';
import { useAccountTexts } from '../hooks/use-account-texts.ts';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { trackingPath } from '../../order-tracking/tracked-orders.ts';
import { ProfileView } from './profile-view.tsx';
import styles from './account.module.css';

export function OrdersView() {
  useAccountTexts();
  const user = useAccountStore((s) => s.user);
  // Signed out: the profile page shows the login form; after login this page shows the orders.
  return user ? <OrdersList userId={user.id} /> : <ProfileView />;
}

function OrdersList({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const venue = useVenue();
  const query = useQuery(userOrdersQueryOptions(venue.place, userId));
  const lineNames = useLineNames(venue.place, venue.lang);
  usePageMeta(t('account.orders.title'), venue.name);
  const unauthorized = query.error instanceof ApiRequestError && query.error.status === 401;
  useEffect(() => {
    if (unauthorized) endSession('session_expired');
  }, [unauthorized]);

  return (
    <div className="page">
      <h1>{t('account.orders.title')}</h1>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p>{t('account.orders.empty')}</p>
      ) : (
        <>
          <p className="muted" id="orders-caption">
            {t('account.orders.caption', { name: venue.name })}
          </p>
          <ul className={styles.orderCards} aria-labelledby="orders-caption">
            {query.data.map((order) => (
              <OrderCard key={order.id} order={order} venue={venue} lineNames={lineNames} />
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={`/${venue.place}/profile`}>{t('account.orders.toProfile')}</Link>
      </p>
    </div>
  );
}

/** One order as a card (issue 24 #6: readable on a phone, not an 8-column table): the spec's columns as labelled facts. */
function OrderCard({
  order,
  venue,
  lineNames,
}: {
  order: StoreUserOrder;
  venue: Venue;
  lineNames: ReturnType<typeof useLineNames>;
}) {
  const { t } = useTranslation();
  const amount =
    order.currency === venue.currency.code
      ? formatPrice(order.total, venue.currency, venue.lang).primary
      : formatMoney(order.total, order.currency, venue.lang);
  const paymentStatus =
    order.payment_status && order.payment_status !== 'none'
      ? t(`account.paymentStatus.${order.payment_status}`, { defaultValue: order.payment_status })
      : null;
  const personal = [order.client_name, order.client_phone, order.client_email].filter(Boolean);
  const trackable = order.tracking_token && isTrackedOrderType(order.type);
  return (
    <li className={styles.orderCard} data-testid="account-order">
      <div className={styles.orderCardHead}>
        <strong data-testid="account-order-number">{orderNumberLabel(order.number, order.key)}</strong>
        <time dateTime={order.created_at} className="muted">
          {formatOrderDate(order.created_at, venue.lang, venue.settings.time_zone)}
        </time>
        <span className={styles.orderStatus}>{t(`account.status.${order.status}`)}</span>
      </div>
      <ul className={styles.orderProducts} aria-label={t('account.orders.products')}>
        {order.products.map((p, i) => {
          const { name, size } = lineNames(p);
          return (
            <li key={`${i}-${p.variant_id}`}>
              {p.quantity} x {name}
              {size ? ` (${size})` : ''}
            </li>
          );
        })}
      </ul>
      <dl className={styles.orderFacts}>
        <dt>{t('account.orders.type')}</dt>
        <dd>{t(`account.orderType.${order.type}`, { defaultValue: String(order.type) })}</dd>
        <dt>{t('account.orders.amount')}</dt>
        <dd>{amount}</dd>
        <dt>{t('account.orders.payment')}</dt>
        <dd>
          {order.payment_method
            ? t(`payment.${order.payment_method}`, { defaultValue: order.payment_method })
            : '–'}
          {paymentStatus && <span className="muted"> · {paymentStatus}</span>}
        </dd>
        {order.address && (
          <>
            <dt>{t('account.orders.address')}</dt>
            <dd>{order.address}</dd>
          </>
        )}
        {personal.length > 0 && (
          <>
            <dt>{t('account.orders.personalData')}</dt>
            <dd>{personal.join(', ')}</dd>
          </>
        )}
      </dl>
      {trackable && (
        <Link to={trackingPath(venue.place, order.tracking_token!)}>{t('account.orders.track')}</Link>
      )}
    </li>
  );
}
