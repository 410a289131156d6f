/**
 * The admin console's orders list (`GET /api/admin/orders`, issue 21 #4) and one order's detail
 * (`GET /api/admin/orders/{id}`, the staff board's order shape: lines, variants, extras, notes, status history,
 * payment). Searching, filtering, sorting and paging happen on the server: a venue keeps thousands of orders.
 * Money in integer minor units; timestamps ISO-8601 UTC; `from` / `to` are days of the venue's time zone.
 */
import { z } from 'zod';
import { ORDER_STATUSES, isOrderType } from '../order-status.ts';

/** Comma-separated list in a query string: `status=ordered,paid`. */
const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)
        : v,
    z.array(item).max(20),
  );

export const ADMIN_ORDER_SORTS = ['created_at', 'number', 'total', 'status', 'type'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
export const ADMIN_ORDER_PAGE_SIZES = [10, 25, 50, 100] as const;

export const AdminOrdersQuery = z
  .object({
    /** A short number (`7` or `#7`), or a part of the guest's name or phone. */
    q: z.string().trim().max(100).optional(),
    status: csv(z.enum(ORDER_STATUSES)).optional(),
    type: csv(
      z.coerce
        .number()
        .int()
        .refine((t) => isOrderType(t), { message: 'unknown order type' }),
    ).optional(),
    /** First venue-local day (inclusive). */
    from: z.iso.date().optional(),
    /** Last venue-local day (inclusive). */
    to: z.iso.date().optional(),
    sort: z.enum(ADMIN_ORDER_SORTS).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

export const AdminOrderRow = z.object({
  id: z.number().int(),
  /** Shown as the number of an order stored before short numbers existed (orderNumberLabel). */
  key: z.string(),
  /** The short number of the venue's day ("#7"); null for older orders. */
  number: z.number().int().nullable(),
  created_at: z.string(),
  type: z.number().int(),
  status: z.string(),
  table: z.object({ number: z.string(), kind: z.string() }).nullable(),
  room_number: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  total: z.number().int(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  /** 'none' | 'pending' | 'paid' | 'failed' */
  payment_status: z.string(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrdersResponse = z.object({
  orders: z.array(AdminOrderRow),
  /** Orders matching the filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminOrdersResponse = z.infer<typeof AdminOrdersResponse>;
