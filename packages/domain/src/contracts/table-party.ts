/**
 * The table as one party (issue 19, designed: the spec has one cart per phone and the bill only as a whole): the
 * shared cart of a table session and the table's bill split into shares. Paths under
 * `/api/tables/sessions/{token}/…`, tenancy headers `client` + `place`; the session token (the order token every
 * phone at the table gets from `tables/verify_token`) is the key, and `guest_key` (answered by the join call, kept
 * by the phone) says which guest is acting. Money: decimals of the venue currency on the wire (the `money` codec,
 * ./money.ts, issue 25 #1), integer minor units in code; the staff bill calls carry minor units (`StaffTableBill`).
 * The event stream's data (`remaining`, `paid`) is a reload signal in minor units, like the other event data.
 *
 * Live updates: the guest's event stream (`GET orders/by_table_session/{token}/events`) carries
 * `table.cart_changed` {version} and `table.bill_changed` {remaining, paid, closed}: the phone reloads the cart or
 * the bill. Refusals: `{code, message, message_trans?, cart?, bill?}` plus the order call's fields (ids, names, …) — a stale cart version answers 409
 * `cart_changed` with the current cart, a claim or payment overtaken by another answers 409 `bill_changed` with the
 * current bill (codes: table-bill.ts TABLE_PARTY_ERROR_CODES).
 */
import { z } from 'zod';
import { MAX_EQUAL_PARTS } from '../table-bill.ts';
import {
  CartLineIngredients,
  StoreOrderComments,
  StoreOrderError,
  StoreOrderResponse,
  UserDeviceData,
} from './orders.ts';
import { money, moneyNonNegative } from './money.ts';
import { StoreInitiatePaymentResponse } from './payments.ts';

const id = z.number().int().positive();
/** Minor units on the wire (the staff twins). */
const minor = z.number().int();
const guestKey = z.string().min(16).max(100);
const version = z.number().int().min(0);

export const TablePartyTokenParam = z.object({ token: z.string().min(1).max(200) });
export const TablePartyLineParam = TablePartyTokenParam.extend({
  lineId: z.coerce.number().int().positive(),
});
export const TablePartyGuestQuery = z.object({ guest_key: guestKey.optional() });

/** A guest of the session: "Guest {number}" when `name` is null. */
export const StoreTableGuest = z.object({
  id,
  number: z.number().int().positive(),
  name: z.string().nullable(),
});
export type StoreTableGuest = z.infer<typeof StoreTableGuest>;

/** `POST …/guests`: join the table's cart (no key yet) or rename (own key). Name: trimmed to 30, no markup. */
export const StoreJoinTableBody = z.object({
  guest_key: guestKey.nullish(),
  name: z.string().max(1000).nullish(),
});
export const StoreJoinTableResponse = z.object({
  guest: StoreTableGuest.extend({ guest_key: guestKey }),
});
export type StoreJoinTableResponse = z.infer<typeof StoreJoinTableResponse>;

/** A line of the shared cart; `name`, `size` and `price` are the menu's (display only: the send prices it). */
export const StoreTableCartLine = z.object({
  id,
  guest_id: id,
  product_id: id,
  product_variant_id: id,
  name: z.string(),
  size: z.string().nullable(),
  price: money,
  quantity: z.number().int().min(1),
  ingredients: CartLineIngredients,
  comment: z.string().nullable(),
  private: z.union([z.literal(0), z.literal(1)]),
});
export type StoreTableCartLine = z.infer<typeof StoreTableCartLine>;

export const StoreTableCart = z.object({
  version,
  /** False for kiosk / tablet sessions (one device: the phone keeps its own cart). */
  shared: z.boolean(),
  private_lines_allowed: z.boolean(),
  /** Another phone is sending the cart right now. */
  sending: z.boolean(),
  /** The last send: the order's key, when and by whom. */
  sent: z.object({ key: z.string(), at: z.string(), guest_id: id.nullable() }).nullable(),
  guests: z.array(StoreTableGuest),
  /** Lines of everyone, except other guests' private lines. */
  lines: z.array(StoreTableCartLine),
});
export type StoreTableCart = z.infer<typeof StoreTableCart>;

/** `POST …/cart/lines`: add (merges with the same guest's identical line). */
export const StoreAddTableCartLineBody = z.object({
  guest_key: guestKey,
  version,
  product_id: z.coerce.number().int().positive(),
  product_variant_id: z.coerce.number().int().positive(),
  quantity: z.coerce.number().int().min(1).max(99).default(1),
  ingredients: CartLineIngredients.default({ required: 0, addable: [], removable: [] }),
  comment: z.string().max(500).nullish(),
  private: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  /** The phone's id of this push: the same push sent again (after a page unload) adds once. */
  push_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type StoreAddTableCartLineBody = z.infer<typeof StoreAddTableCartLineBody>;

/**
 * `PATCH …/cart/lines/{lineId}`: set the quantity (0 removes the line); `private` marks the guest's own line "just for
 * me" or shares it again (only where the venue allows private lines, only on one's own line).
 */
export const StoreChangeTableCartLineBody = z.object({
  guest_key: guestKey,
  version,
  quantity: z.coerce.number().int().min(0).max(99),
  private: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
});
export type StoreChangeTableCartLineBody = z.infer<typeof StoreChangeTableCartLineBody>;

/** `POST …/cart/send`: the cart becomes one spot order, once, whoever presses first. */
export const StoreSendTableCartBody = z.object({
  guest_key: guestKey,
  version,
  order_comment: StoreOrderComments,
  userDeviceData: UserDeviceData,
});
export type StoreSendTableCartBody = z.infer<typeof StoreSendTableCartBody>;
export const StoreSendTableCartResponse = z.object({ order: StoreOrderResponse, cart: StoreTableCart });
export type StoreSendTableCartResponse = z.infer<typeof StoreSendTableCartResponse>;

// -- the bill ------------------------------------------------------------------------------------------------------

export const SHARE_MODES = ['items', 'equal', 'custom'] as const;
export const SHARE_METHODS = ['online', 'cash', 'card'] as const;
export type ShareMethod = (typeof SHARE_METHODS)[number];

export const StoreBillLine = z.object({
  id,
  name: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  /** This line's part of its order's total (order discounts and fees spread over the lines). */
  amount: money,
  claimed_quantity: z.number().int(),
  claimed_amount: money,
});
export const StoreBillOrder = z.object({
  key: z.string(),
  status: z.string(),
  created_at: z.string(),
  total: money,
  lines: z.array(StoreBillLine),
});
const billShareOf = (m: typeof money | typeof minor) =>
  z.object({
    id,
    guest_id: id.nullable(),
    mode: z.enum(SHARE_MODES),
    parts: z.number().int().nullable(),
    amount: m,
    tip: m,
    method: z.enum(SHARE_METHODS),
    status: z.enum(['pending', 'paid', 'released']),
    expires_at: z.string().nullable(),
    items: z.array(z.object({ line_id: id, quantity: z.number().int(), amount: m })),
  });
export const StoreBillShare = billShareOf(money);
/** A share in minor units (the staff bill calls). */
export const BillShareMinor = billShareOf(minor);
export type StoreBillShare = z.infer<typeof StoreBillShare>;

export const StoreTableBill = z.object({
  table: z.string(),
  currency: z.string(),
  total: money,
  paid: money,
  pending: money,
  remaining: money,
  settled: z.boolean(),
  closed: z.boolean(),
  orders: z.array(StoreBillOrder),
  guests: z.array(StoreTableGuest),
  /** Shares that hold a claim (paid, or pending and not expired); released ones are left out. */
  shares: z.array(StoreBillShare),
});
export type StoreTableBill = z.infer<typeof StoreTableBill>;

export const StoreTipChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('percent'), percent: z.number().min(0).max(1000) }),
  z.object({ kind: z.literal('amount'), amount: moneyNonNegative }),
]);

/**
 * `POST …/bill/shares`: take a share — `items` (lines or part of a line's quantity), `equal` (1 of `parts`), or
 * `custom` (`amount`) — with a tip, paid `online` (the answer carries the provider form) or `cash` / `card` to the
 * waiter (the waiter is called with the amount and method). `expected_remaining`: what the phone showed; when the
 * bill moved meanwhile the answer is 409 `bill_changed`.
 */
export const StoreTakeShareBody = z.object({
  guest_key: guestKey,
  mode: z.enum(SHARE_MODES),
  items: z
    .array(z.object({ line_id: z.number().int().positive(), quantity: z.number().int().min(1).max(999) }))
    .max(200)
    .optional(),
  parts: z.number().int().min(2).max(MAX_EQUAL_PARTS).optional(),
  amount: moneyNonNegative.optional(),
  tip: StoreTipChoice.default({ kind: 'none' }),
  method: z.enum(SHARE_METHODS),
  expected_remaining: money.optional(),
});
export type StoreTakeShareBody = z.infer<typeof StoreTakeShareBody>;
export const StoreTakeShareResponse = z.object({
  share: StoreBillShare,
  bill: StoreTableBill,
  payment: StoreInitiatePaymentResponse.nullable(),
});
export type StoreTakeShareResponse = z.infer<typeof StoreTakeShareResponse>;

/** Refusals of the shared cart and bill calls. */
/** A refusal: the order call's fields (§8 codes on add and send: ids, names, …) and the current cart or bill. */
export const StoreTablePartyError = StoreOrderError.extend({
  cart: StoreTableCart.optional(),
  bill: StoreTableBill.optional(),
});

// -- staff ---------------------------------------------------------------------------------------------------------

export const StaffTableBill = z.object({
  session_id: id,
  table: z.string(),
  guests: z.array(StoreTableGuest),
  orders: z.number().int(),
  total: minor,
  paid: minor,
  pending: minor,
  remaining: minor,
  shares: z.array(BillShareMinor),
});
export type StaffTableBill = z.infer<typeof StaffTableBill>;
export const StaffTableBillsResponse = z.object({ bills: z.array(StaffTableBill) });
export const StaffShareParam = z.object({ id: z.coerce.number().int().positive() });
export const StaffMarkSharePaidResponse = z.object({ bill: StaffTableBill, closed: z.boolean() });
