/**
 * The venue's orders (issue 21 #4): a table searched, filtered, sorted and paged by the server (a venue keeps
 * thousands), each row opening the order's detail. The filters live in the address (`?status=paid&page=2`), so the
 * detail's "back" and the browser's return to the same page of the same list, and a link can be shared.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { ADMIN_ORDER_SORTS, type AdminOrderSort } from '@trapeza/domain/contracts/admin-orders';
import { ORDER_TYPE_IDS } from '@trapeza/domain/order-status';
import { orderNumberLabel } from '@trapeza/domain/order-number';
import { DataTable, type Column, type Sort } from '../../../components/ui/data-table.tsx';
import { DateTimeField } from '../../../components/ui/date-time-field.tsx';
import { ErrorMessage } from '../../../components/ui/error-message.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { FilterSelect } from '../../../components/ui/select.tsx';
import { ordersListQuery, type AdminOrderRow, type OrdersListParams } from '../api/orders.ts';
import { useAdminPlace } from '../hooks/admin-place-store.ts';
import { useAdminT } from '../hooks/use-admin-texts.ts';
import { useTableLabels } from '../hooks/use-table-labels.ts';
import { formatOrderMoney, formatOrderTime } from '../lib/order-format.ts';
import s from './admin.module.css';

const PAGE_SIZE = 25;
/** The status filter's choices: the three "cooked" statuses of the order types are one choice. */
const STATUS_CHOICES: { value: string; key: string }[] = [
  { value: 'ordered', key: 'statuses.ordered' },
  { value: 'cooked_spot,cooked_delivery,cooked_room', key: 'cooked' },
  { value: 'served_spot', key: 'statuses.served_spot' },
  { value: 'on_the_way_delivery', key: 'statuses.on_the_way_delivery' },
  { value: 'cooked_preorder', key: 'statuses.cooked_preorder' },
  { value: 'paid', key: 'statuses.paid' },
  { value: 'rejected', key: 'statuses.rejected' },
];
const SEARCH_DELAY_MS = 300;

function paramsOf(sp: URLSearchParams): OrdersListParams {
  const sort = sp.get('sort') as AdminOrderSort | null;
  const page = Number(sp.get('page'));
  return {
    q: sp.get('q') ?? '',
    status: sp.get('status') ?? '',
    type: sp.get('type') ?? '',
    from: sp.get('from') ?? '',
    to: sp.get('to') ?? '',
    sort: sort && (ADMIN_ORDER_SORTS as readonly string[]).includes(sort) ? sort : 'created_at',
    dir: sp.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
  };
}

/** Where the order was for: the table or room, else the guest's name (and phone). */
export function orderWhere(
  o: Pick<AdminOrderRow, 'table' | 'room_number' | 'customer_name' | 'customer_phone'>,
  t: ReturnType<typeof useAdminT>,
): string {
  if (o.table) return t(o.table.kind === 'room' ? 'orders.room' : 'orders.table', { number: o.table.number });
  if (o.room_number) return t('orders.room', { number: o.room_number });
  return [o.customer_name, o.customer_phone].filter(Boolean).join(' · ') || '—';
}

/**
 * An order's detail is the list's address plus `order=<id>`: the way back (the page's link or the browser's) is the
 * same list, filters and page. A third path segment (`/admin/orders/7`) would be taken by the guest's
 * `/:place/:category/:product` route, which React Router ranks above the `/admin/*` splat.
 */
function orderHref(search: string, id: number): string {
  const next = new URLSearchParams(search);
  next.set('order', String(id));
  return `/admin/orders?${next}`;
}

export function OrdersPage() {
  const t = useAdminT();
  const labels = useTableLabels();
  const { slug: place } = useAdminPlace();
  const [sp, setSp] = useSearchParams();
  const params = paramsOf(sp);
  // The box answers every key at once; the list follows once typing pauses.
  const [text, setText] = useState(params.q);
  const lang = useTranslation().i18n.language;

  // Two changes before a render (a status, then at once a type) must both stay: React Router's functional update
  // hands each the params of the last render, so each change starts from the address as it is now.
  const update = (changes: Partial<Record<keyof OrdersListParams, string | number>>, keepPage = false) => {
    const next = new URLSearchParams(window.location.search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === '' || v === undefined) next.delete(k);
      else next.set(k, String(v));
    }
    if (!keepPage) next.delete('page');
    setSp(next, { replace: true });
  };

  useEffect(() => {
    if (text === params.q) return;
    const timer = setTimeout(() => update({ q: text.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the wait
  }, [text]);

  const list = useQuery(ordersListQuery(place, params));
  // An order opened while the list still waits for the typed text: the way back keeps what the box shows.
  const search = useMemo(() => {
    const next = new URLSearchParams(sp);
    if (text.trim()) next.set('q', text.trim());
    else next.delete('q');
    return next.toString();
  }, [sp, text]);

  // The server sorts; a `sortValue` only marks the columns it can sort by (ADMIN_ORDER_SORTS).
  const columns = useMemo<Column<AdminOrderRow>[]>(
    () => [
      {
        id: 'number',
        header: t('orders.col.number'),
        sortValue: () => 0,
        cell: (o) => {
          const label = orderNumberLabel(o.number, o.key);
          return (
            <Link to={orderHref(search, o.id)} aria-label={t('orders.open', { number: label })}>
              {label}
            </Link>
          );
        },
      },
      {
        id: 'created_at',
        header: t('orders.col.time'),
        sortValue: () => 0,
        cell: (o) => formatOrderTime(o.created_at, lang),
      },
      {
        id: 'type',
        header: t('orders.col.type'),
        sortValue: () => 0,
        cell: (o) => t(`orderTypes.${o.type}`, { defaultValue: String(o.type) }),
      },
      { id: 'where', header: t('orders.col.where'), cell: (o) => orderWhere(o, t) },
      {
        id: 'status',
        header: t('orders.col.status'),
        sortValue: () => 0,
        cell: (o) => (
          <span className={s.statusBadge} data-status={o.status}>
            {t(`orders.statuses.${o.status}`, { defaultValue: o.status })}
          </span>
        ),
      },
      {
        id: 'total',
        header: t('orders.col.total'),
        numeric: true,
        sortValue: () => 0,
        cell: (o) => formatOrderMoney(o.total, o.currency, lang),
      },
      {
        id: 'payment',
        header: t('orders.col.payment'),
        cell: (o) =>
          [
            o.payment_method
              ? t(`orders.paymentMethods.${o.payment_method}`, { defaultValue: o.payment_method })
              : null,
            t(`orders.paymentStatuses.${o.payment_status}`, { defaultValue: o.payment_status }),
          ]
            .filter(Boolean)
            .join(' · '),
      },
    ],
    [t, lang, search],
  );

  const filtered = Boolean(params.q || params.status || params.type || params.from || params.to);
  const sort: Sort = { id: params.sort, dir: params.dir };

  return (
    <section className={s.card} aria-label={t('nav.orders')}>
      {list.error && !list.data ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <PageLoading />
      ) : (
        <div aria-busy={list.isFetching || undefined}>
          <DataTable
            rows={list.data.orders}
            columns={columns}
            rowKey={(o) => o.id}
            labels={{ ...labels, search: t('orders.search'), noResults: t('orders.empty') }}
            caption={t('nav.orders')}
            remote={{
              total: list.data.total,
              page: list.data.page,
              pageSize: list.data.page_size,
              sort,
              onSort: (next) =>
                next &&
                update({ sort: next.id, dir: next.id === params.sort ? next.dir : defaultDir(next.id) }),
              onPage: (page) => update({ page }, true),
              query: text,
              onQuery: setText,
            }}
            toolbar={
              <>
                <FilterSelect
                  className={s.row}
                  label={t('orders.col.status')}
                  allLabel={t('orders.allStatuses')}
                  value={params.status}
                  choices={STATUS_CHOICES.map((c) => ({ value: c.value, label: t(`orders.${c.key}`) }))}
                  onChange={(status) => update({ status })}
                />
                <FilterSelect
                  className={s.row}
                  label={t('orders.col.type')}
                  allLabel={t('orders.allTypes')}
                  value={params.type}
                  choices={ORDER_TYPE_IDS.map((type) => ({
                    value: String(type),
                    label: t(`orderTypes.${type}`),
                  }))}
                  onChange={(type) => update({ type })}
                />
                <DateTimeField
                  withTime={false}
                  inline
                  label={t('orders.from')}
                  value={params.from}
                  onChange={(from) => update({ from })}
                />
                <DateTimeField
                  withTime={false}
                  inline
                  label={t('orders.to')}
                  value={params.to}
                  onChange={(to) => update({ to })}
                />
                {filtered && (
                  <button
                    type="button"
                    className={s.btnGhost}
                    onClick={() => {
                      setText('');
                      setSp(new URLSearchParams(), { replace: true });
                    }}
                  >
                    {t('orders.clear')}
                  </button>
                )}
              </>
            }
          />
        </div>
      )}
    </section>
  );
}

/** A first press on a column: newest, largest first for time and money; A → Z for the rest. */
function defaultDir(id: string): 'asc' | 'desc' {
  return id === 'created_at' || id === 'total' || id === 'number' ? 'desc' : 'asc';
}
