/**
 * One order of the venue (issue 21 #4): when and how it came, where to, the lines with their size and extras, the
 * notes, the price, the payment and every status change. Read-only: the staff board moves orders on.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/link.tsx';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { orderDetailQuery, type AdminOrderDetail } from '../api/orders.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { formatOrderMoney, formatOrderTime } from '../lib/order-format.ts';
import { orderWhere } from './orders-page.tsx';
import s from './admin.module.css';

type Texts = ReturnType<typeof useAdminT>;

function PriceRows({ order, t, lang }: { order: AdminOrderDetail; t: Texts; lang: string }) {
  const p = order.price;
  const money = (m: number) => formatOrderMoney(m, p.currency, lang);
  const rows: [string, number][] = [
    ['subtotal', p.subtotal],
    ['discount', -p.discount_total],
    ['delivery', p.delivery_fee],
    ['box', p.box_fee],
    ['cutlery', p.cutlery_fee],
    ['paymentFee', p.payment_fee],
    ['accumulated', -p.accumulated_amount_used],
  ];
  return (
    <dl className={s.priceList}>
      {rows
        .filter(([key, v]) => key === 'subtotal' || v !== 0)
        .map(([key, v]) => (
          <div key={key}>
            <dt>{t(`orders.price.${key}`)}</dt>
            <dd>{money(v)}</dd>
          </div>
        ))}
      <div className={s.priceTotal}>
        <dt>{t('orders.price.total')}</dt>
        <dd>{money(p.total)}</dd>
      </div>
    </dl>
  );
}

/** `backTo`: the list's address the order was opened from. */
export function OrderDetailPage({ id, backTo }: { id: number; backTo: string }) {
  const t = useAdminT();
  const lang = useTranslation().i18n.language;
  const { slug: place } = useAdminPlace();
  const order = useQuery(orderDetailQuery(place, id));
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under a keyboard or screen reader user: start them at the order's heading.
  useEffect(() => {
    if (order.data) heading.current?.focus();
  }, [order.data]);

  const back = (
    <Link to={backTo} className={s.backLink}>
      {t('orders.back')}
    </Link>
  );
  if (order.isPending) return <PageLoading />;
  if (order.error) {
    const missing =
      order.error instanceof ApiRequestError && (order.error.status === 404 || order.error.status === 400);
    return (
      <section className={s.card}>
        {back}
        {missing ? (
          <p role="alert">{t('orders.notFound')}</p>
        ) : (
          <ErrorMessage error={order.error} onRetry={() => void order.refetch()} />
        )}
      </section>
    );
  }
  const o = order.data;
  const label = orderNumberLabel(o.number, o.key);
  const money = (m: number) => formatOrderMoney(m, o.price.currency, lang);
  const address = o.address
    ? [o.address.address, o.address.street_number, o.address.entrance, o.address.floor, o.address.apartment]
        .filter(Boolean)
        .join(', ')
    : null;
  return (
    <article className={s.orderDetail} aria-labelledby="order-heading">
      {back}
      <section className={s.card}>
        <h2 id="order-heading" ref={heading} tabIndex={-1}>
          {t('orders.detail', { number: label })}{' '}
          <span className={s.statusBadge} data-status={o.status}>
            {t(`orders.statuses.${o.status}`, { defaultValue: o.status })}
          </span>
        </h2>
        <dl className={s.facts}>
          <div>
            <dt>{t('orders.placedAt')}</dt>
            <dd>{formatOrderTime(o.created_at, lang)}</dd>
          </div>
          <div>
            <dt>{t('orders.col.type')}</dt>
            <dd>{t(`orderTypes.${o.type}`, { defaultValue: String(o.type) })}</dd>
          </div>
          <div>
            <dt>{t('orders.col.where')}</dt>
            <dd>
              {orderWhere(
                {
                  table: o.table,
                  room_number: o.room_number,
                  customer_name: o.customer?.name ?? null,
                  customer_phone: o.customer?.phone ?? null,
                },
                t,
              )}
              {o.customer?.email ? ` · ${o.customer.email}` : ''}
            </dd>
          </div>
          {address && (
            <div>
              <dt>{t('orders.address')}</dt>
              <dd>{address}</dd>
            </div>
          )}
          {o.requested_time && (
            <div>
              <dt>{t('orders.requested')}</dt>
              <dd>{o.requested_time}</dd>
            </div>
          )}
          <div>
            <dt>{t('orders.col.payment')}</dt>
            <dd>
              {[
                o.payment_method
                  ? t(`orders.paymentMethods.${o.payment_method}`, { defaultValue: o.payment_method })
                  : null,
                t(`orders.paymentStatuses.${o.payment_status}`, { defaultValue: o.payment_status }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </dd>
          </div>
          {o.promo_code && (
            <div>
              <dt>{t('orders.promo')}</dt>
              <dd>{o.promo_code}</dd>
            </div>
          )}
        </dl>
        {o.comment && (
          <p className={s.orderNote}>
            <strong>{t('orders.orderNote')}:</strong> {o.comment}
          </p>
        )}
      </section>

      <section className={s.card} aria-labelledby="order-lines">
        <h2 id="order-lines">{t('orders.lines')}</h2>
        <div className={s.tableScrollPlain}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('orders.qty')}</th>
                <th scope="col">{t('orders.item')}</th>
                <th scope="col" data-numeric>
                  {t('orders.lineTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {o.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.quantity} ×</td>
                  <td>
                    <strong>{l.name}</strong>
                    {l.size ? ` · ${l.size}` : ''} <span className={s.hint}>({money(l.unit_price)})</span>
                    {l.ingredients.length > 0 && (
                      <ul className={s.extras}>
                        {l.ingredients.map((i) => (
                          <li key={`${i.type}-${i.ingredient_id}`}>
                            {t(
                              i.type === 'removable'
                                ? 'orders.without'
                                : i.type === 'required'
                                  ? 'orders.required'
                                  : 'orders.with',
                              { name: i.name },
                            )}
                            {i.price ? ` (${money(i.price)})` : ''}
                          </li>
                        ))}
                      </ul>
                    )}
                    {l.comment && (
                      <p className={s.hint}>
                        {t('orders.note')}: {l.comment}
                      </p>
                    )}
                  </td>
                  <td data-numeric>{money(l.line_total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3>{t('orders.priceTitle')}</h3>
        <PriceRows order={o} t={t} lang={lang} />
      </section>

      <section className={s.card} aria-labelledby="order-history">
        <h2 id="order-history">{t('orders.history')}</h2>
        <ol className={s.history}>
          {o.history.map((h, i) => (
            <li key={i}>
              <time dateTime={h.at}>{formatOrderTime(h.at, lang)}</time>{' '}
              <strong>{t(`orders.statuses.${h.status}`, { defaultValue: h.status })}</strong>
              {h.changed_by !== null ? ` · ${t('orders.by', { id: h.changed_by })}` : ''}
              {h.reason ? ` · ${t('orders.reason', { reason: h.reason })}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
