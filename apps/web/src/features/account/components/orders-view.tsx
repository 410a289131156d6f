/**
 * `/{place}/profile/orders` (spec §2, §3 order-list columns): date, products, type, amount, payment, status
 * (spec §4 statuses: ordered shown as accepted, paid as finished), address, personal data. Signed out, the
 * profile's login page; a refused token ends the session (spec §4).
 */
import { useEffect } from 'react';
import { Link } from 'react-router';
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
import { ProfileView } from './profile-view.tsx';
import styles from './account.module.css';

export function OrdersView() {
  useAccountTexts();
  const user = useAccountStore((s) => s.user);
  // Signed out: the profile page shows the login form; after login this page shows the orders.
  return user ? <OrdersTable userId={user.id} /> : <ProfileView />;
}

function OrdersTable({ userId }: { userId: number }) {
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
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="orders-caption">
          <table className={styles.table}>
            <caption id="orders-caption">{t('account.orders.caption', { name: venue.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('account.orders.date')}</th>
                <th scope="col">{t('account.orders.products')}</th>
                <th scope="col">{t('account.orders.type')}</th>
                <th scope="col">{t('account.orders.amount')}</th>
                <th scope="col">{t('account.orders.payment')}</th>
                <th scope="col">{t('account.orders.status')}</th>
                <th scope="col">{t('account.orders.address')}</th>
                <th scope="col">{t('account.orders.personalData')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((order) => (
                <OrderRow key={order.id} order={order} venue={venue} lineNames={lineNames} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to={`/${venue.place}/profile`}>{t('account.orders.toProfile')}</Link>
      </p>
    </div>
  );
}

function OrderRow({
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
  return (
    <tr>
      <td className={styles.nowrap}>
        <time dateTime={order.created_at}>
          {formatOrderDate(order.created_at, venue.lang, venue.settings.time_zone)}
        </time>
      </td>
      <td>
        <ul>
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
      </td>
      <td>{t(`account.orderType.${order.type}`, { defaultValue: String(order.type) })}</td>
      <td className={styles.nowrap}>{amount}</td>
      <td>
        {order.payment_method
          ? t(`payment.${order.payment_method}`, { defaultValue: order.payment_method })
          : '–'}
        {paymentStatus && (
          <>
            <br />
            <span className="muted">{paymentStatus}</span>
          </>
        )}
      </td>
      <td>{t(`account.status.${order.status}`)}</td>
      <td>{order.address ?? '–'}</td>
      <td>
        {[order.client_name, order.client_phone, order.client_email].filter(Boolean).map((line) => (
          <div key={line}>{line}</div>
        ))}
      </td>
    </tr>
  );
}
