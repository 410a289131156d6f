/**
 * `/{place}/order/{tracking_token}` (issue 24 #6): a delivery or pickup order as its guest follows it — the short
 * number, the status live (the order's event stream; a slow poll besides), the steps of its type, when it is
 * expected, the venue's success message and the total. Server-rendered with the order's first answer inlined; an
 * anonymous guest comes back to it from the confirmation e-mail, the link after sending, or "my orders" (this device
 * remembers its orders: tracked-orders.ts).
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { useEffect, useState } from 'react';
import { Link } from '../../components/link.tsx';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPrice } from '@trapeza/domain/money';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import type { StoreOrderTracking } from '@trapeza/domain/contracts/orders';
import { settingsQueryOptions } from '../../api/get-settings.ts';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { useVenue, type Venue } from '../../hooks/use-venue.ts';
import { isNotFound } from '../../lib/api-client.ts';
import { pageClient } from '../../lib/page-brand.ts';
import { translatedText } from '../../lib/ui-settings.ts';
import {
  orderTrackingEventsUrl,
  orderTrackingQueryOptions,
  seedInlinedTracking,
  trackingNotFoundKey,
} from './api.ts';
import styles from './order-tracking.module.css';

/** The steps a guest sees for each order type (delivery, pickup; others: accepted → finished). */
const STEPS: Record<number, string[]> = {
  2: ['ordered', 'cooked_delivery', 'on_the_way_delivery', 'paid'],
  3: ['ordered', 'cooked_preorder', 'paid'],
};

/** 'YYYY-MM-DD HH:MM' (venue-local) as a short weekday, date and time in the guest's language. */
function formatRequested(value: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const date = new Intl.DateTimeFormat(lang, {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(y, mo - 1, d));
  return `${date}, ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`;
}

export function OrderTrackingView({ trackingToken }: { trackingToken: string }) {
  const { t } = useTranslation();
  const venue = useVenue();
  const qc = useQueryClient();
  const options = orderTrackingQueryOptions(venue.place, trackingToken);
  // The server's answer inlined into the page, before the first read of the query (hydration matches).
  useState(() => seedInlinedTracking(qc, venue.place, trackingToken));
  // The server found no such order (404): not asked again; the page says so as the server rendered it.
  const notFound = qc.getQueryData<boolean>(trackingNotFoundKey(venue.place, trackingToken)) === true;
  const query = useQuery({ ...options, enabled: !notFound });
  const order = query.data;
  const number = order ? orderNumberLabel(order.number, order.key) : '';
  usePageMeta(order ? t('tracking.title', { number }) : t('tracking.track'), venue.name);

  // Live: each status change of this order reloads it (EventSource reconnects by itself, catching up).
  const finished = order?.status === 'paid' || order?.status === 'rejected';
  const found = order !== undefined;
  useEffect(() => {
    if (!found || finished || typeof EventSource === 'undefined') return;
    const source = new EventSource(orderTrackingEventsUrl(pageClient(), venue.place, trackingToken));
    const reload = () => void qc.invalidateQueries({ queryKey: options.queryKey });
    source.addEventListener('order.status_changed', reload);
    return () => source.close();
    // options.queryKey is derived from place and token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found, finished, venue.place, trackingToken, qc]);

  return (
    <main id="main" className="page page-narrow">
      {order ? (
        <TrackedOrder order={order} venue={venue} number={number} />
      ) : notFound || query.isError ? (
        <p role="alert" className="alert">
          {notFound || isNotFound(query.error) ? t('tracking.notFound') : t('errors.noResponse')}
        </p>
      ) : (
        <p className="muted">{t('common.loading')}</p>
      )}
      <p>
        <Link to={`/${venue.place}`}>{t('tracking.toMenu')}</Link>
      </p>
    </main>
  );
}

function TrackedOrder({ order, venue, number }: { order: StoreOrderTracking; venue: Venue; number: string }) {
  const { t } = useTranslation();
  const { data: raw } = useSuspenseQuery(settingsQueryOptions(venue.place));
  const message =
    order.type === ORDER_TYPES.DELIVERY
      ? translatedText(raw, venue.lang, 'seccess_message_delivery_order')
      : order.type === ORDER_TYPES.PREORDER
        ? translatedText(raw, venue.lang, 'seccess_message_pickup_order')
        : null;
  const steps = STEPS[order.type] ?? ['ordered', 'paid'];
  const current = steps.indexOf(order.status);
  const statusText = t(`tracking.statuses.${order.status}`, { defaultValue: order.status });
  const total =
    order.currency === venue.currency.code
      ? formatPrice(order.total, venue.currency, venue.lang).primary
      : formatMoney(order.total, order.currency, venue.lang);
  const typeText =
    order.type === ORDER_TYPES.DELIVERY
      ? t('tracking.type2')
      : order.type === ORDER_TYPES.PREORDER
        ? t('tracking.type3')
        : t('tracking.typeOther');
  return (
    <div className="stack">
      <h1>{t('tracking.heading', { number })}</h1>
      <p className="muted">{typeText}</p>
      <p className={styles.status}>
        {t('tracking.status')}:{' '}
        <strong data-testid="tracking-status" data-status={order.status} role="status">
          {statusText}
        </strong>
      </p>
      {order.status !== 'rejected' && (
        <ol className={styles.steps} aria-label={t('tracking.history')}>
          {steps.map((s, i) => (
            <li
              key={s}
              className={i < current ? styles.done : i === current ? styles.current : undefined}
              aria-current={i === current ? 'step' : undefined}
            >
              {t(`tracking.statuses.${s}`, { defaultValue: s })}
            </li>
          ))}
        </ol>
      )}
      <dl className={styles.facts}>
        <dt>{t('tracking.expected')}</dt>
        <dd data-testid="tracking-expected">
          {order.requested_time ? formatRequested(order.requested_time, venue.lang) : t('tracking.asap')}
        </dd>
        <dt>{t('tracking.placed')}</dt>
        <dd>
          <time dateTime={order.created_at}>
            {new Intl.DateTimeFormat(venue.lang, {
              hour: '2-digit',
              minute: '2-digit',
              timeZone: venue.settings.time_zone,
            }).format(new Date(order.created_at))}
          </time>
        </dd>
        <dt>{t('tracking.total')}</dt>
        <dd>{total}</dd>
      </dl>
      {order.payment_status === 'pending' && <p className="muted">{t('tracking.paymentPending')}</p>}
      {order.payment_status === 'failed' && <p className="alert">{t('tracking.paymentFailed')}</p>}
      {message && <p data-testid="tracking-message">{message}</p>}
      <p className="muted">
        {t('tracking.live')} {t('tracking.keep')}
      </p>
    </div>
  );
}
