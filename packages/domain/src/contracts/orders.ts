/**
 * Cart, ordering and at-the-table API contracts (spec §3 cart line / order form / order response, §7 calls,
 * §8 error catalogue). The single source of these payloads: the server validates and documents (OpenAPI) with
 * them, the browser infers its types from them.
 *
 * Wire conventions: field names exactly as the spec spells them; money as decimals of the venue currency on the wire
 * and integer minor units in code (the `money` codec, ./money.ts: issue 25 #1); flags 0/1 (the
 * order schemas also accept booleans and '0'/'1' strings, as browsers send form values both ways).
 *
 * Business limits (name 3–40, comment ≤ 500, street number ≤ 10, …) are NOT enforced here: the server checks them
 * with the domain validation so that every failure carries a stable field code (§5, §8). These schemas only fix
 * the shape, with generous hard caps against abuse.
 *
 * Designed where the spec says "not shown" (documented on each schema): the table calls' answers, the user-needs
 * (waiter call) and feedback calls, the error answer's extra fields.
 */
import { z } from 'zod';
import { MAX_CUTLERY_COUNT, PAYMENT_METHODS } from '../pricing/fees.ts';
import { money, moneyNonNegative, moneyWhen } from './money.ts';

const id = z.number().int().positive();
/** Any id the browser may send as number or numeric string. */
const looseId = z.coerce.number().int().positive();
/** 0/1 flag, also accepting true/false and '0'/'1'. */
const flagIn = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1'])])
  .transform((v): 0 | 1 => (v === 1 || v === true || v === '1' ? 1 : 0));
const flagOut = z.union([z.literal(0), z.literal(1)]);
/** Free text as typed; '' and null both mean "not given". Hard cap only; business limits are domain validation. */
const text = (cap = 2000) => z.string().max(cap).nullish();
const translations = z.record(z.string(), z.record(z.string(), z.string()));

// ---------------------------------------------------------------------------------------------------------------
// Cart line (spec §3)
// ---------------------------------------------------------------------------------------------------------------

/** The ingredient choice of a cart line: required ingredient id (0 = none), addable and removable ingredient ids. */
export const CartLineIngredients = z.object({
  required: z.coerce.number().int().min(0).default(0),
  addable: z.array(looseId).max(100).default([]),
  removable: z.array(looseId).max(100).default([]),
});
export type CartLineIngredients = z.infer<typeof CartLineIngredients>;

/**
 * A cart line exactly as the browser keeps it under `to_order` (grouped by variant id), every §3 field. This is the
 * type the web store holds; prices here are for display only.
 */
export const StoreCartLine = z.object({
  product_variant_id: id,
  product_id: id,
  size: z.string().nullable(),
  /** Display only: the server re-prices from the database. */
  price: money,
  additional_price: money,
  name: z.string(),
  image: z.string().nullable(),
  /** ISO timestamp or epoch ms when the line was added. */
  date_added: z.union([z.string(), z.number()]),
  product_translations: translations,
  variant_translations: translations,
  product_ingredients: z.array(
    z.object({ ingredientId: z.number().int(), type: z.enum(['required', 'addable', 'removable']) }),
  ),
  ingredients: CartLineIngredients,
  quantity: z.number().int().min(1).max(999),
  catHierarchyId: z.number().int().nullable(),
  discount_percent: z.number(),
  discount_money: money,
  time_based_discount_enabled: flagOut,
  time_based_discount_percent: z.number(),
  time_based_discount_start_hour: z.number().int(),
  time_based_discount_end_hour: z.number().int(),
  time_based_discount_days: z.array(z.number().int().min(1).max(7)),
  disable_promocode_discount: flagOut,
});
export type StoreCartLine = z.infer<typeof StoreCartLine>;

/**
 * A cart line as the server reads it from an order payload: the ids, the quantity and the ingredient choice are
 * required; every other §3 field may be present (it is accepted and ignored — prices are never trusted).
 */
export const StoreOrderProduct = z.looseObject({
  product_variant_id: looseId,
  product_id: looseId,
  quantity: z.coerce.number().int().min(1).max(999),
  ingredients: CartLineIngredients.default({ required: 0, addable: [], removable: [] }),
});
export type StoreOrderProduct = z.infer<typeof StoreOrderProduct>;

/** The order's product list; empty is allowed by the shape and refused by the service with `noProductsToInsert`. */
export const StoreOrderProducts = z.array(StoreOrderProduct).max(200);

/** Per-variant comment (spec §3 "Order comment"): stored on the variant's line when non-empty. */
export const StoreOrderComment = z.object({ variantId: looseId, comment: z.string().max(2000) });
export type StoreOrderComment = z.infer<typeof StoreOrderComment>;
/** `order_comment` of every order payload: the per-variant comments (null or missing = none). */
export const StoreOrderComments = z.array(StoreOrderComment).max(200).nullish();

// ---------------------------------------------------------------------------------------------------------------
// The five order payloads (spec §7), field lists exactly as the spec gives them
// ---------------------------------------------------------------------------------------------------------------

/** Payment methods (spec §9); the list and the login rule live in pricing/fees.ts (paymentRequiresLogin). */
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

/**
 * `userDeviceData`: the device fingerprint the browser sends (spec §7 delivery; designed: accepted on every order
 * type so that a device staff barred is refused whatever it orders). Either an id string or an object whose
 * `deviceId` / `device_id` / `id` names the device.
 */
export const UserDeviceData = z.union([z.string().max(500), z.record(z.string(), z.unknown())]).nullish();

/** `POST orders` — spot (table) order: the table session from `tables/verify_token`, the cart and its comments. */
export const StoreSpotOrderBody = z.object({
  session: z.string().min(1).max(200),
  products: StoreOrderProducts,
  order_comment: StoreOrderComments,
  userDeviceData: UserDeviceData,
});
export type StoreSpotOrderBody = z.infer<typeof StoreSpotOrderBody>;

/** Fields shared by the delivery, preorder, room and served-on-spot payloads. */
const guestOrderFields = {
  products: StoreOrderProducts,
  client_name: text(200),
  client_phone: text(100),
  client_email: text(320),
  /** The guest's order token when one is stored; a new one is answered otherwise. */
  token: text(200),
  order_comment: StoreOrderComments,
  exact_time_selected: flagIn.nullish(),
  payment_method: text(40),
  cutlery: flagIn.nullish(),
  /** Sent only when the guest applied it (spec §5). */
  promo_code: text(100),
  /** The free-text comment of the whole order (≤ 500, domain validation). */
  order_text_comment: text(),
  /**
   * The registered user's accumulated amount to spend on this order, in the venue currency (limited to the balance
   * and the order's total; a number or a numeric string, half-up to 2 places).
   */
  accumulatedOrderAmountUsed: moneyNonNegative.nullish(),
  userDeviceData: UserDeviceData,
};

/** Query of `POST orders/delivery?t={time}`: the browser's cache-busting timestamp. */
export const StoreDeliveryOrderQuery = z.object({ t: z.string().max(40).optional() });

/** `POST orders/delivery?t=…` (spec §7). `client_address` is the address plus ' / ' plus details. */
export const StoreDeliveryOrderBody = z.object({
  ...guestOrderFields,
  client_address: text(500),
  street_number: text(100),
  floor_number: text(100),
  ap_number: text(100),
  bell_number: text(100),
  entrance_number: text(100),
  delivery_postal_code: text(40),
  /** 'DD.MM HH:MM', 'HH:MM', or '' / null for as soon as possible. */
  delivery_time: text(40),
  regionId: looseId.nullish(),
  deliveryRadiusId: looseId.nullish(),
  deliveryShapeId: looseId.nullish(),
  cartId: z.union([z.string().max(100), z.number()]).nullish(),
  subscribe_for_lunch_menu: flagIn.nullish(),
  lat: z.coerce.number().min(-90).max(90).nullish(),
  lng: z.coerce.number().min(-180).max(180).nullish(),
  delivery_address_lat: z.coerce.number().min(-90).max(90).nullish(),
  delivery_address_lng: z.coerce.number().min(-180).max(180).nullish(),
  /** The free product the guest picked (variant id), when the venue offers one; never priced from here. */
  free_product: z.union([z.number(), z.string().max(100), z.boolean()]).nullish(),
  count_cutlery: z.coerce.number().int().min(0).max(MAX_CUTLERY_COUNT).nullish(),
});
export type StoreDeliveryOrderBody = z.infer<typeof StoreDeliveryOrderBody>;

const preorderFields = {
  ...guestOrderFields,
  /** 'DD.MM HH:MM', 'HH:MM', or '' / null for as soon as possible. */
  pickup_time: text(40),
  subscribe_for_lunch_menu: flagIn.nullish(),
  free_product: z.union([z.number(), z.string().max(100), z.boolean()]).nullish(),
  pickupPlaceId: looseId.nullish(),
};

/** `POST orders/preorder` — pickup (spec §7). */
export const StorePreorderBody = z.object({
  ...preorderFields,
  count_cutlery: z.coerce.number().int().min(0).max(MAX_CUTLERY_COUNT).nullish(),
});
export type StorePreorderBody = z.infer<typeof StorePreorderBody>;

/** `POST orders/room` — room service (spec §7). The room number comes from the token's room when there is one. */
export const StoreRoomOrderBody = z.object({
  ...guestOrderFields,
  pickup_time: text(40),
  room_number: z.union([z.string().max(40), z.number()]).nullish(),
  additional_order_type: text(100),
});
export type StoreRoomOrderBody = z.infer<typeof StoreRoomOrderBody>;

/** `POST orders/served-on-spot` — like preorder plus client_address, without count_cutlery (spec §7). */
export const StoreServedOnSpotOrderBody = z.object({
  ...preorderFields,
  client_address: text(500),
});
export type StoreServedOnSpotOrderBody = z.infer<typeof StoreServedOnSpotOrderBody>;

/** The order response (spec §3): `ppResp` carries the payment redirect when the method pays online. */
export const StoreOrderResponse = z.object({
  /** The guest's order token (stored by the browser when none is stored yet). */
  token: z.string(),
  /** Public key of the order (payment calls use it). */
  key: z.string(),
  /** Total to pay, in the venue currency. */
  totalPrice: money,
  paymentMethod: z.string().nullable(),
  ppResp: z.object({ redForm: z.string().optional(), redLink: z.string().optional() }),
  /** The short number of the venue's day (issue 24 #8), shown as "#7" (order-number.ts); null only for old orders. */
  number: z.number().int().nullable().optional(),
  /** The key of the order's tracking page `/{place}/order/{tracking_token}` (issue 24 #6). */
  tracking_token: z.string().optional(),
});
export type StoreOrderResponse = z.infer<typeof StoreOrderResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Error answer (spec §8)
// ---------------------------------------------------------------------------------------------------------------

/** One failed field of a 400: the payload field and the domain validation code (e.g. name_too_short). */
export const StoreFieldError = z.object({ field: z.string(), code: z.string() });
export type StoreFieldError = z.infer<typeof StoreFieldError>;

/**
 * Every error answer of the ordering calls. `message` is the §8 code the browser switches on (payload.message), and
 * `code` repeats it. What each reaction needs rides along:
 * - `inactiveProductsIds` / `inactiveProductIngredientsIds`: `ids` = the product ids whose lines to remove,
 *   `variant_ids` the exact lines, `names` the product names to list, `ingredient_ids` the unavailable ingredients;
 * - `min_order_price_for_radius_not_fulfilled`: `message_trans` (translated text) and `min_order_price`,
 *   `missing` (venue currency);
 * - `anon_user_banned`: `message_trans`;
 * - validation (400, `code` 'invalid_order_data'): `errors` with one field code each.
 */
export const StoreOrderError = z.object({
  code: z.string(),
  message: z.string(),
  message_trans: z.string().optional(),
  ids: z.array(z.number().int()).optional(),
  variant_ids: z.array(z.number().int()).optional(),
  ingredient_ids: z.array(z.number().int()).optional(),
  names: z.array(z.string()).optional(),
  min_order_price: money.optional(),
  missing: money.optional(),
  errors: z.array(StoreFieldError).optional(),
});
export type StoreOrderError = z.infer<typeof StoreOrderError>;

/** Codes of the table, bill and user-need calls that are not in §8's order list (designed, stable). */
export const TABLE_ERROR_CODES = {
  /** Unknown or expired session / order token; the message is the spec's exact text. */
  invalidSession: 'Invalid session',
  /** Unknown or inactive QR code (order_sent_fail: the guest is asked to scan again). */
  invalidQrCode: 'invalid_qr_code',
  billAlreadyRequested: 'bill_already_requested',
  createOrderFirst: 'create_order_first',
  invalidOrderData: 'invalid_order_data',
  /** Kiosk or tablet mode asked for without a staff login of the place (designed). */
  staffRequired: 'staff_required',
  /** Change table: the venue does not offer it (show_change_table off) and no staff is logged in (designed). */
  changeTableNotAllowed: 'change_table_not_allowed',
  /** Change table: no such active table (or room, for a room session) at the place (designed). */
  invalidTable: 'invalid_table',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Tables: QR entry, session check, tables list, my orders, bill (spec §7)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Device modes a staff member switches on at the QR entry (designed; spec §3 kiosk flag, §4 tablet mode): `kiosk`
 * (a self-service device: the session lives 43800 h) and `tablet` (a venue tablet at a table: 'save for order', the
 * session kept when the cart is cleared for another place).
 */
export const DEVICE_MODES = ['kiosk', 'tablet'] as const;
export const DeviceMode = z.enum(DEVICE_MODES);
export type DeviceMode = z.infer<typeof DeviceMode>;

/**
 * `POST tables/verify_token`: the QR token of a table or room and the place slug of the URL; `mode` (designed) only
 * with a staff login of the place (WAITER and above), else `staff_required`.
 */
export const StoreVerifyTokenBody = z.object({
  token: z.string().min(1).max(200),
  placeSlug: z.string().min(1).max(200),
  mode: DeviceMode.nullish(),
});
export type StoreVerifyTokenBody = z.infer<typeof StoreVerifyTokenBody>;

/**
 * Answer of `tables/verify_token` and `tables/verify_session` (designed): a table session. `session` is the secret
 * the spot order sends; `token` is the guest's order token the browser keeps in its cookie — the same value, so
 * that `orders/by_table_session/{token}` and the order calls' `token` name the session. `expires` is ISO-8601.
 */
export const StoreTableSession = z.object({
  session: z.string(),
  token: z.string(),
  /** 1 table, 6 room; 4 when the venue offers no ordering there (browse only, issue 25). */
  order_type: z.union([z.literal(1), z.literal(4), z.literal(6)]),
  table: z.string().nullable(),
  table_id: z.number().int(),
  room_number: z.string().nullable(),
  expires: z.string(),
  bill_wanted: flagOut,
  place_id: z.number().int(),
  /** The device mode verify_token switched on (kiosk: the 43800-hour lifetime); absent otherwise. */
  mode: DeviceMode.optional(),
});
export type StoreTableSession = z.infer<typeof StoreTableSession>;

/**
 * `POST tables/change_table` (designed; spec §2 change table, §6 waiters): moves a table session, with its orders,
 * to another active table of the same place (a room session to another room). Allowed when the venue's
 * show_change_table is on, or for a staff login of the place. Answers the session at its new table.
 */
export const StoreChangeTableBody = z.object({
  session: z.string().min(1).max(200),
  tableId: looseId,
});
export type StoreChangeTableBody = z.infer<typeof StoreChangeTableBody>;

/** `POST tables/verify_session`: is this session still valid for this QR token at this place? */
export const StoreVerifySessionBody = z.object({
  token: z.string().min(1).max(200),
  session: z.string().min(1).max(200),
  placeSlug: z.string().min(1).max(200),
});
export type StoreVerifySessionBody = z.infer<typeof StoreVerifySessionBody>;

/** One table or room of `GET tablesMenu` (designed; for change-table). QR secrets are never listed. */
export const StoreTablesMenuItem = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(['table', 'room']),
  seats: z.number().int(),
  hall_id: z.number().int().nullable(),
  hall_name: z.string().nullable(),
});
export const StoreTablesMenuResponse = z.array(StoreTablesMenuItem);
export type StoreTablesMenuResponse = z.infer<typeof StoreTablesMenuResponse>;

/** Path of the session calls: the order token (= session). */
export const OrderTokenParam = z.object({ token: z.string().min(1).max(200) });
/** `/orders/track/{tracking_token}`: the tracking page's key (issue 24 #6). */
export const TrackingTokenParam = z.object({ trackingToken: z.string().min(1).max(100) });

/**
 * GET orders/track/{tracking_token} (issue 24 #6): what the guest's tracking page shows of one order — its short
 * number, type, live status with history, the requested time (null: as soon as possible) and total (the page shows
 * the venue's success message from its settings). Nothing about the customer.
 */
export const StoreOrderTracking = z.object({
  number: z.number().int().nullable(),
  /** The order's key (the guest's order stream names orders by it). */
  key: z.string(),
  type: z.number().int(),
  status: z.string(),
  statuses: z.array(z.object({ status: z.string(), at: z.string() })),
  created_at: z.string(),
  /** The venue-local 'YYYY-MM-DD HH:MM' the guest chose; null: as soon as possible. */
  requested_time: z.string().nullable(),
  total: money,
  currency: z.string(),
  payment_method: z.string().nullable(),
  payment_status: z.string(),
});
export type StoreOrderTracking = z.infer<typeof StoreOrderTracking>;

/** `?timestamp` of the polling call (cache busting, ignored). */
export const TimestampQuery = z.object({ timestamp: z.string().max(40).optional() });

export const StoreOrderLineIngredient = z.object({
  ingredient_id: z.number().int(),
  type: z.enum(['required', 'addable', 'removable']),
  name: z.string(),
  price: money,
});

export const StoreOrderLine = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  size: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: money,
  line_total: money,
  comment: z.string().nullable(),
  ingredients: z.array(StoreOrderLineIngredient),
});
export type StoreOrderLine = z.infer<typeof StoreOrderLine>;

/** One order of the session with its lines and status (spec §4 statuses; shown in the guest's language). */
export const StoreSessionOrder = z.object({
  key: z.string(),
  /** The short number of the venue's day (issue 24 #8); null for older orders. */
  number: z.number().int().nullable().optional(),
  type: z.number().int(),
  status: z.string(),
  statuses: z.array(z.object({ status: z.string(), at: z.string() })),
  created_at: z.string(),
  total: money,
  payment_method: z.string().nullable(),
  lines: z.array(StoreOrderLine),
});
export type StoreSessionOrder = z.infer<typeof StoreSessionOrder>;

/** Answer of `GET orders/by_table_session/{token}` (designed): the session's orders, newest first. */
export const StoreSessionOrdersResponse = z.object({
  orders: z.array(StoreSessionOrder),
  bill_wanted: flagOut,
  expires: z.string(),
  order_type: z.number().int(),
  table: z.string().nullable(),
  room_number: z.string().nullable(),
});
export type StoreSessionOrdersResponse = z.infer<typeof StoreSessionOrdersResponse>;

/** `PUT orders/by_table_session/{token}/bill_wanted` (spec §7). */
export const StoreBillWantedBody = z.object({
  status: flagIn.default(1),
  paymentMethod: z.string().max(40).nullish(),
  placeId: looseId.nullish(),
});
export type StoreBillWantedBody = z.infer<typeof StoreBillWantedBody>;

/** Answer of bill_wanted (designed): the bill is requested and the token now expires 15 minutes later. */
export const StoreBillWantedResponse = z.object({ bill_wanted: flagOut, expires: z.string() });
export type StoreBillWantedResponse = z.infer<typeof StoreBillWantedResponse>;

// ---------------------------------------------------------------------------------------------------------------
// User needs (waiter calls) — designed: POST user-needs
// ---------------------------------------------------------------------------------------------------------------

/** Waiter call presets (spec §9), plus 'other' with a text. 'bill' rows are created by bill_wanted only. */
export const USER_NEED_TYPES = [
  'clean_table',
  'new_cutlery',
  'more_napkins',
  'change_ashtray',
  'bring_ice',
  'other',
] as const;
export const UserNeedType = z.enum(USER_NEED_TYPES);
export type UserNeedType = z.infer<typeof UserNeedType>;

/**
 * `POST user-needs` (designed): a waiter call from a table session. `token` is the order token (= session);
 * `text` is required for 'other' (≤ 500) and optional otherwise.
 */
export const StoreUserNeedBody = z.object({
  token: z.string().min(1).max(200),
  type: UserNeedType,
  text: z.string().max(2000).nullish(),
});
export type StoreUserNeedBody = z.infer<typeof StoreUserNeedBody>;

/** The user-need answer: the request is 'added' (spec §4) and open on the staff board. */
export const StoreUserNeedResponse = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.literal('open'),
  created_at: z.string(),
});
export type StoreUserNeedResponse = z.infer<typeof StoreUserNeedResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Feedback — designed: GET feedback/questions, POST feedback
// ---------------------------------------------------------------------------------------------------------------

export const StoreFeedbackQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  translations: translations,
  type: z.enum(['rating', 'text']),
  position: z.number().int(),
});
export const StoreFeedbackQuestionsResponse = z.array(StoreFeedbackQuestion);
export type StoreFeedbackQuestionsResponse = z.infer<typeof StoreFeedbackQuestionsResponse>;

/**
 * `POST feedback` (designed): answers to the venue's questions (rating 1–5 for 'rating', text for 'text'), an
 * optional free comment and name (a customer review), and the order token to link the latest order of the session.
 */
export const StoreFeedbackBody = z.object({
  answers: z
    .array(
      z.object({
        question_id: looseId,
        rating: z.coerce.number().int().min(1).max(5).nullish(),
        text: z.string().max(2000).nullish(),
      }),
    )
    .max(50)
    .default([]),
  comment: z.string().max(2000).nullish(),
  name: z.string().max(100).nullish(),
  token: z.string().max(200).nullish(),
});
export type StoreFeedbackBody = z.infer<typeof StoreFeedbackBody>;

export const StoreFeedbackResponse = z.object({ saved: z.number().int() });
export type StoreFeedbackResponse = z.infer<typeof StoreFeedbackResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Pickup places and the promo preview — designed: GET pickup-places, POST promo-codes/check
// ---------------------------------------------------------------------------------------------------------------

/** One venue of the client where a pickup order (type 3) may be collected (spec §2 pickup venue picker). */
export const StorePickupPlace = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  translations: translations,
  address: z.string().nullable(),
});
export const StorePickupPlacesResponse = z.array(StorePickupPlace);
export type StorePickupPlacesResponse = z.infer<typeof StorePickupPlacesResponse>;
export type StorePickupPlace = z.infer<typeof StorePickupPlace>;

/**
 * `POST promo-codes/check`: the code and the cart's lines (only `product_id` is read). A preview for the displayed
 * breakdown; the order call checks the code again and prices from the database.
 */
export const StorePromoCheckBody = z.object({
  code: z.string().min(1).max(64),
  products: z
    .array(z.looseObject({ product_id: looseId }))
    .max(200)
    .default([]),
});
export type StorePromoCheckBody = z.infer<typeof StorePromoCheckBody>;

/**
 * The Promo result of spec §3, plus `eligible_product_ids` (designed): which of the sent products the promo applies
 * to (null: every product without disable_promocode_discount). An unknown, expired or spent code answers 200 with
 * `found: false` and `discount_value: 0` (the browser shows 'invalid promo code').
 */
export const StorePromoCheckResponse = moneyWhen(
  z.object({
    found: z.boolean(),
    ignore_other_discounts: z.boolean(),
    discount_type: z.enum(['percent', 'money']),
    /** A percent, or an amount in the venue currency when discount_type is 'money'. */
    discount_value: z.number(),
    eligible_product_ids: z.array(z.number().int()).nullable(),
  }),
  'discount_type',
  'discount_value',
);
export type StorePromoCheckResponse = z.infer<typeof StorePromoCheckResponse>;
