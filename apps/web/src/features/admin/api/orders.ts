/** The venue's orders: a page of the list (searched, filtered, sorted and paged by the server) and one order. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminOrderSort, AdminOrdersResponse } from '@trapeza/domain/contracts/admin-orders';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import { adminRequest } from './admin-client.ts';

export type { AdminOrderRow } from '@trapeza/domain/contracts/admin-orders';
export type AdminOrderDetail = StaffOrder;

export interface OrdersListParams {
  q: string;
  /** comma-separated statuses, '' for all */
  status: string;
  type: string;
  from: string;
  to: string;
  sort: AdminOrderSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** The list call's query string: empty filters are left out. */
function ordersSearch(p: OrdersListParams): string {
  const q = new URLSearchParams();
  if (p.q.trim()) q.set('q', p.q.trim());
  if (p.status) q.set('status', p.status);
  if (p.type) q.set('type', p.type);
  if (p.from) q.set('from', p.from);
  if (p.to) q.set('to', p.to);
  q.set('sort', p.sort);
  q.set('dir', p.dir);
  q.set('page', String(p.page));
  q.set('page_size', String(p.pageSize));
  return q.toString();
}

export const ordersListQuery = (place: string, p: OrdersListParams) =>
  queryOptions({
    queryKey: ['admin', place, 'orders', 'list', ordersSearch(p)] as const,
    queryFn: ({ signal }) => adminRequest<AdminOrdersResponse>(`admin/orders?${ordersSearch(p)}`, { signal }),
    // The previous page stays on screen while the next one loads: no blank table between pages.
    placeholderData: keepPreviousData,
  });

export const orderDetailQuery = (place: string, id: number) =>
  queryOptions({
    queryKey: ['admin', place, 'orders', 'detail', id] as const,
    queryFn: ({ signal }) => adminRequest<AdminOrderDetail>(`admin/orders/${id}`, { signal }),
  });
