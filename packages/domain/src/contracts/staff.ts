/**
 * Staff console API contracts (designed; the spec says staff screens are "not shown"): the live order board, status
 * changes along the domain's transition table, table changes, waiter calls and bill requests, blocked devices,
 * tables and rooms with their QR codes, and the Server-Sent Events both the board and the guest's "my orders" read.
 *
 * Audience prefix `Staff…` (WAITER and above, spec §6) and `Admin…` (PLACE_ADMIN and above). Money in integer minor
 * units; timestamps ISO-8601 UTC.
 */
import { z } from 'zod';
import { ORDER_STATUSES, isOrderType } from '../order-status.ts';

const id = z.number().int().positive();
const money = z.number().int();
const flag = z.union([z.literal(0), z.literal(1)]);
/** Comma-separated list in a query string: `status=ordered,cooked_spot`. */
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

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const OrderTypeSchema = z
  .number()
  .int()
  .refine((t) => isOrderType(t), { message: 'unknown order type' });

// ---------------------------------------------------------------------------------------------------------------
// The board's order
// ---------------------------------------------------------------------------------------------------------------

export const StaffOrderLineIngredient = z.object({
  ingredient_id: z.number().int(),
  type: z.enum(['required', 'addable', 'removable']),
  name: z.string(),
  price: money,
});

export const StaffOrderLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: money,
  box_fee: money,
  discount: money,
  line_total: money,
  comment: z.string().nullable(),
  ingredients: z.array(StaffOrderLineIngredient),
});
export type StaffOrderLine = z.infer<typeof StaffOrderLine>;

export const StaffOrderStatusChange = z.object({
  status: z.string(),
  at: z.string(),
  changed_by: z.number().int().nullable(),
  reason: z.string().nullable(),
});

/** Delivery address as the guest typed it (delivery and served-on-spot orders), with the pin when sent. */
export const StaffOrderAddress = z.object({
  address: z.string().nullable(),
  street_number: z.string().nullable(),
  floor: z.string().nullable(),
  apartment: z.string().nullable(),
  bell: z.string().nullable(),
  entrance: z.string().nullable(),
  postal_code: z.string().nullable(),
  region_id: z.number().int().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

/** Price breakdown as stored when the order was placed (computed by the domain engine; never by the browser). */
export const StaffOrderPrice = z.object({
  subtotal: money,
  discount_total: money,
  delivery_fee: money,
  box_fee: money,
  cutlery_fee: money,
  payment_fee: money,
  accumulated_amount_used: money,
  total: money,
  currency: z.string(),
});

/** One order on the staff board: everything a waiter or the kitchen needs, and the statuses it may move to next. */
export const StaffOrder = z.object({
  id: z.number().int(),
  key: z.string(),
  /** The short number of the venue's day (issue 24 #8), shown "#7" (order-number.ts); null for older orders. */
  number: z.number().int().nullable(),
  type: z.number().int(),
  status: z.string(),
  /** From the domain transition table for this type and status; empty once paid or rejected. */
  next_statuses: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  table: z.object({ id: z.number().int(), number: z.string(), kind: z.string() }).nullable(),
  room_number: z.string().nullable(),
  /** 'dd.mm HH:MM' as chosen, or null for as soon as possible. */
  requested_time: z.string().nullable(),
  /**
   * A future order's start (issue 24 #3): ISO instant of the requested time minus the venue's preparation minutes.
   * Until then the board and the kitchen show it as scheduled; null for as soon as possible or a time due at once.
   */
  scheduled_start: z.string().nullable().default(null),
  exact_time_selected: flag,
  payment_method: z.string().nullable(),
  /** 'none' | 'pending' | 'paid' | 'failed' */
  payment_status: z.string(),
  bill_wanted: flag,
  bill_payment_method: z.string().nullable(),
  /** Name, phone and e-mail where the order type asks for them (not for table orders). */
  customer: z
    .object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  address: StaffOrderAddress.nullable(),
  pickup_place_id: z.number().int().nullable(),
  additional_order_type: z.string().nullable(),
  cutlery: flag,
  count_cutlery: z.number().int(),
  promo_code: z.string().nullable(),
  comment: z.string().nullable(),
  user_id: z.number().int().nullable(),
  device_id: z.string().nullable(),
  lines: z.array(StaffOrderLine),
  price: StaffOrderPrice,
  history: z.array(StaffOrderStatusChange),
});
export type StaffOrder = z.infer<typeof StaffOrder>;

/**
 * `GET /api/staff/orders`: filters combine with AND; lists are comma-separated. `active=1` keeps orders that are
 * not yet paid or rejected. `date` is a day of the venue's time zone; `from`/`to` are instants (to exclusive).
 */
export const StaffOrdersQuery = z.object({
  status: csv(OrderStatusSchema).optional(),
  type: csv(z.coerce.number().pipe(OrderTypeSchema)).optional(),
  active: z.enum(['0', '1']).optional(),
  date: z.iso.date().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  table_id: z.coerce.number().int().positive().optional(),
  /** Keyset paging: orders with a smaller id than this (the last one of the previous page). */
  before_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type StaffOrdersQuery = z.infer<typeof StaffOrdersQuery>;

/**
 * The board: newest first. `last_event_id` is the event stream's position when the list was read: connect the
 * stream with `?last_event_id=` of it and nothing that happens in between is lost.
 */
export const StaffOrdersResponse = z.object({
  orders: z.array(StaffOrder),
  last_event_id: z.number().int(),
});
export type StaffOrdersResponse = z.infer<typeof StaffOrdersResponse>;

export const StaffIdParam = z.object({ id: z.coerce.number().int().positive() });

/**
 * `PATCH /api/staff/orders/{id}/status`: a reason is required to reject (shown to the guest). The reason is stored
 * trimmed, at most 500 characters after trimming; one of only blanks is no reason (like the order comment, spec §5).
 */
export const StaffOrderStatusBody = z.object({
  status: OrderStatusSchema,
  reason: z.string().trim().max(500).nullish(),
});
export type StaffOrderStatusBody = z.infer<typeof StaffOrderStatusBody>;

/** `PATCH /api/staff/orders/{id}/table`: waiters set or change the table (spec §6); null clears it. */
export const StaffOrderTableBody = z.object({ tableId: id.nullable() });
export type StaffOrderTableBody = z.infer<typeof StaffOrderTableBody>;

/** Error codes of the staff calls, besides the generic ones (unauthorized, forbidden, validation_error). */
export const STAFF_ERROR_CODES = {
  orderNotFound: 'order_not_found',
  illegalTransition: 'illegal_status_transition',
  reasonRequired: 'reason_required',
  statusConflict: 'status_conflict',
  tableNotFound: 'table_not_found',
  hallNotFound: 'hall_not_found',
  tableNumberTaken: 'table_number_taken',
  userNeedNotFound: 'user_need_not_found',
  deviceNotBlocked: 'device_not_blocked',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Waiter calls and bill requests
// ---------------------------------------------------------------------------------------------------------------

/** A waiter call or ('bill') a bill request, whose `text` is then the chosen payment method. */
export const StaffUserNeed = z.object({
  id: z.number().int(),
  type: z.string(),
  text: z.string().nullable(),
  status: z.enum(['open', 'done']),
  table: z.object({ id: z.number().int(), number: z.string(), kind: z.string() }).nullable(),
  session: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
});
export type StaffUserNeed = z.infer<typeof StaffUserNeed>;

export const StaffUserNeedsQuery = z.object({
  status: z.enum(['open', 'done', 'all']).default('open'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const StaffUserNeedsResponse = z.object({
  user_needs: z.array(StaffUserNeed),
  last_event_id: z.number().int(),
});
export type StaffUserNeedsResponse = z.infer<typeof StaffUserNeedsResponse>;

export const StaffUserNeedBody = z.object({ status: z.literal('done') });

// ---------------------------------------------------------------------------------------------------------------
// Blocked devices (spec §6: ordering can be disallowed per device)
// ---------------------------------------------------------------------------------------------------------------

export const StaffDeviceBody = z.object({ deviceId: z.string().trim().min(1).max(200) });
export const StaffBlockedDevice = z.object({
  device_id: z.string(),
  created_at: z.string(),
  /** The device's last order at the place, so the staff know which guest it is; null when it has none here. */
  last_order: z
    .object({
      number: z.number().int().nullable(),
      key: z.string(),
      type: z.number().int(),
      table: z.string().nullable(),
      room_number: z.string().nullable(),
      client_name: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export const StaffBlockedDevicesResponse = z.array(StaffBlockedDevice);
export const StaffDeviceResult = z.object({ device_id: z.string(), blocked: z.boolean() });

// ---------------------------------------------------------------------------------------------------------------
// Tables, rooms and halls (PLACE_ADMIN and above)
// ---------------------------------------------------------------------------------------------------------------

export const AdminTable = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['table', 'room']),
  seats: z.number().int(),
  hall_id: z.number().int().nullable(),
  hall_name: z.string().nullable(),
  active: flag,
  token: z.string(),
  /** What the QR code encodes: `{public URL}/{place}/t/{token}`. */
  qr_url: z.string(),
  created_at: z.string(),
});
export type AdminTable = z.infer<typeof AdminTable>;

export const AdminTablesQuery = z.object({ include_inactive: z.enum(['0', '1']).default('0') });
export const AdminTablesResponse = z.array(AdminTable);

const tableNumber = z.string().trim().min(1).max(20);
export const AdminTableCreateBody = z.object({
  number: tableNumber,
  kind: z.enum(['table', 'room']).default('table'),
  seats: z.number().int().min(0).max(500).default(4),
  hallId: id.nullish(),
});
export type AdminTableCreateBody = z.infer<typeof AdminTableCreateBody>;

/** Rename, move to a hall, change seats, deactivate (active 0) or reactivate. */
export const AdminTableUpdateBody = z
  .object({
    number: tableNumber.optional(),
    kind: z.enum(['table', 'room']).optional(),
    seats: z.number().int().min(0).max(500).optional(),
    hallId: id.nullable().optional(),
    active: flag.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' });
export type AdminTableUpdateBody = z.infer<typeof AdminTableUpdateBody>;

/** `GET tables/qr-sheet.pdf`: one table (`ids=7`), several (`ids=7,8`) or every active one (no ids). */
export const AdminQrSheetQuery = z.object({
  ids: csv(z.coerce.number().int().positive()).optional(),
  /** Language of the printed labels ("Table 7", "Маса 7"). */
  lang: z.enum(['bg', 'en', 'es', 'de', 'fr-CH']).default('bg'),
});

export const AdminHall = z.object({ id: z.number().int(), name: z.string(), active: flag });
export const AdminHallsResponse = z.array(AdminHall);
export const AdminHallCreateBody = z.object({ name: z.string().trim().min(1).max(100) });
export const AdminHallUpdateBody = z
  .object({ name: z.string().trim().min(1).max(100).optional(), active: flag.optional() })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' });

// ---------------------------------------------------------------------------------------------------------------
// Server-Sent Events
// ---------------------------------------------------------------------------------------------------------------

/**
 * Event names on `GET /api/staff/events` (the SSE `event:` field; `data:` is the JSON below, `id:` the event id):
 * - order.created, order.status_changed, order.table_changed: `{ order: StaffOrder, from?, to?, reason? }`
 * - order.payment_changed: `{ order: StaffOrder, from, to }` — from/to are payment statuses (`none | pending | paid |
 *   failed`): a verified online payment (or its failure) changed `order.payment_status`
 * - user_need.created, user_need.done: `{ user_need: StaffUserNeed }` (type 'bill' is a bill request)
 * - feedback.created: `{ feedback: StaffFeedback }`
 * - reset: `{}` — the requested Last-Event-ID is older than the kept history; reload the board, then go on.
 * Comments (`: ping`) every 15 s keep proxies from closing an idle stream.
 */
export const STAFF_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.table_changed',
  'order.payment_changed',
  'user_need.created',
  'user_need.done',
  'feedback.created',
] as const;
export type StaffEventType = (typeof STAFF_EVENT_TYPES)[number];

export const StaffOrderEventData = z.object({
  order: StaffOrder,
  from: z.string().optional(),
  to: z.string().optional(),
  reason: z.string().nullable().optional(),
});
export type StaffOrderEventData = z.infer<typeof StaffOrderEventData>;

/** `order.payment_changed`: the order (with its new `payment_status`) and the payment statuses before and after. */
export const StaffOrderPaymentEventData = z.object({
  order: StaffOrder,
  from: z.string(),
  to: z.string(),
});
export type StaffOrderPaymentEventData = z.infer<typeof StaffOrderPaymentEventData>;

export const StaffUserNeedEventData = z.object({ user_need: StaffUserNeed });

export const StaffFeedback = z.object({
  order_id: z.number().int().nullable(),
  order_key: z.string().nullable(),
  table: z.string().nullable(),
  name: z.string().nullable(),
  created_at: z.string(),
  answers: z.array(
    z.object({
      question_id: z.number().int().nullable(),
      question: z.string().nullable(),
      rating: z.number().nullable(),
      text: z.string().nullable(),
    }),
  ),
});
export type StaffFeedback = z.infer<typeof StaffFeedback>;
export const StaffFeedbackEventData = z.object({ feedback: StaffFeedback });

/**
 * Events on the guest's `GET /api/orders/by_table_session/{token}/events`: only that session's orders, only what
 * the guest already sees (no staff or customer data). Event names: order.created, order.status_changed.
 */
export const GuestOrderEventData = z.object({
  key: z.string(),
  type: z.number().int(),
  status: z.string(),
  at: z.string(),
  reason: z.string().nullable(),
});
export type GuestOrderEventData = z.infer<typeof GuestOrderEventData>;

/**
 * Query of both streams. EventSource cannot send headers, so `client`, `place` and (staff stream) `access_token`
 * may come in the query instead; the headers work as well and win when both are sent. `last_event_id`: where to resume on a first connection;
 * on reconnects the browser sends the `Last-Event-ID` header itself, which wins.
 */
export const StaffEventsQuery = z.object({
  client: z.string().max(100).optional().describe('Instead of the client header (EventSource)'),
  place: z.string().max(100).optional().describe('Instead of the place header (EventSource)'),
  access_token: z.string().max(2000).optional(),
  last_event_id: z.coerce.number().int().min(0).optional(),
});
