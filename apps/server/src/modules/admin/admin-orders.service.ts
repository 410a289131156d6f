/**
 * The admin orders list and one order's detail (issue 21 #4). The search reads a short number ("7", "#7"), else a
 * part of the guest's name or phone; `from` / `to` are days of the venue's time zone, turned into UTC instants here
 * (the same day bounds the staff board uses). The detail is the staff board's order: one shape for one order.
 */
import type { AdminOrdersQuery, AdminOrdersResponse } from '@trapeza/domain/contracts/admin-orders';
import { STAFF_ERROR_CODES, type StaffOrder } from '@trapeza/domain/contracts/staff';
import { parseSettings } from '@trapeza/domain/settings';
import { DomainError } from '../../lib/domain-error.ts';
import { toStaffOrders, venueDayBounds } from '../staff/staff.service.ts';
import type { AdminOrdersFilter, AdminOrdersRepository } from './admin-orders.repository.ts';

/**
 * What the search box means: "#12" is a short number; a bare number of up to four digits too (nobody looks a phone up
 * by "12"); longer digits, spaces and dashes are a part of a phone (leading zeros
 * dropped); anything else a part of a name or phone.
 */
function searchFilter(q: string | undefined): Pick<AdminOrdersFilter, 'number' | 'text' | 'phoneDigits'> {
  const text = q?.trim();
  if (!text) return {};
  const short = /^#\s*(\d{1,9})$/.exec(text) ?? /^(\d{1,4})$/.exec(text);
  if (short) return { number: Number(short[1]) };
  // Without the leading zeros of a national "0888…" or an international "00359…": "+359 888…" holds the rest.
  const digits = text.replace(/[\s().+-]/g, '').replace(/^0+/, '');
  return { text, ...(/^\d{3,}$/.test(digits) ? { phoneDigits: digits } : {}) };
}

export function createAdminOrdersService(deps: { repo: AdminOrdersRepository }) {
  const { repo } = deps;
  return {
    async list(placeId: number, q: AdminOrdersQuery): Promise<AdminOrdersResponse> {
      const filter: AdminOrdersFilter = { ...searchFilter(q.q), statuses: q.status, types: q.type };
      if (q.from || q.to) {
        const tz = parseSettings({ time_zone: (await repo.timeZone(placeId)) ?? undefined }).time_zone;
        if (q.from) filter.from = venueDayBounds(q.from, tz).from;
        if (q.to) filter.to = venueDayBounds(q.to, tz).to;
      }
      const offset = (q.page - 1) * q.page_size;
      const [rows, total] = await Promise.all([
        repo.page(placeId, filter, q.sort, q.dir, q.page_size, offset),
        repo.count(placeId, filter),
      ]);
      return {
        orders: rows.map((r) => ({
          id: r.id,
          key: r.key,
          number: r.number ?? null,
          created_at: r.created_at,
          type: r.type,
          status: r.status,
          table:
            r.table_id !== null && r.table_number !== null
              ? { number: r.table_number, kind: r.table_kind ?? 'table' }
              : null,
          room_number: r.room_number,
          customer_name: r.client_name,
          customer_phone: r.client_phone,
          total: Number(r.total),
          currency: r.currency,
          payment_method: r.payment_method,
          payment_status: r.payment_status,
        })),
        total,
        page: q.page,
        page_size: q.page_size,
      };
    },

    async detail(placeId: number, id: number): Promise<StaffOrder> {
      const [order] = toStaffOrders(await repo.detail(placeId, id));
      if (!order) throw new DomainError(404, STAFF_ERROR_CODES.orderNotFound, 'No such order at this place');
      return order;
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
