/**
 * Table types of the whole data model (spec §3), for Kysely. One set of types serves SQLite and PostgreSQL:
 * - ids are integer identity columns; flags are integers 0/1 (SQLite has no boolean);
 * - money is integer minor units (cents/stotinki); percentages are plain numbers (12.5 = 12.5 %);
 * - timestamps are ISO-8601 UTC text (sortable, identical on both dialects);
 * - lists and translation maps are JSON text (`Json<T>` marks what the text holds).
 * Migrations never import this file ("frozen in time"); they describe the same columns with the schema builder.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** JSON text column; the type parameter documents the parsed shape. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
type Json<T> = string;
/** 0 or 1. */
type Flag = number;
/** ISO-8601 UTC timestamp text. */
type Timestamp = ColumnType<string, string | undefined, string>;

/** Per-language texts: { en: { name: '…', description: '…' }, de: {…} }; bg lives in the base columns. */
type TranslationsJson = Json<Record<string, Record<string, string>>>;

export interface ClientsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** White-label brand, the defaults of the client's places (their own settings win). */
  logo: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  /**
   * The hostname the client's menus are served on (lower case), or null. It routes pages only once verified
   * (domain_verified_at); verified domains are unique, unverified claims may repeat.
   */
  domain: string | null;
  created_at: Timestamp;
  /** 0 = deactivated: its pages and API menu answer 404, its data stays. */
  active: ColumnType<Flag, Flag | undefined, Flag>;
  /** The brand's languages (codes of LANGUAGES), the default of its new venues. */
  languages: ColumnType<Json<string[]>, string | undefined, string>;
  /** ISO code (BGN, EUR, CHF), the default of its new venues. */
  currency: ColumnType<string, string | undefined, string>;
  /** Value of the `_trapeza.<domain>` DNS TXT record that proves the brand controls its domain. */
  domain_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the domain was verified (or saved, for names under `.localhost`); null = not routed. */
  domain_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PlacesTable {
  id: Generated<number>;
  client_id: number;
  slug: string;
  name: string;
  translations: TranslationsJson;
  /** e.g. ["payments","booking"] */
  functionality_modules: Json<string[]>;
  city_id: number | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  lat: number | null;
  lng: number | null;
  active: Flag;
  created_at: Timestamp;
  /** 1 = guests see the venue's pages; 0 = they see the coming-soon page (go-live checklist, issue 16 #2). */
  live: ColumnType<Flag, Flag | undefined, Flag>;
  /** When an admin marked the venue live (null for venues live from before the checklist). */
  live_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an admin last downloaded the tables' printable QR sheet. */
  qr_sheet_downloaded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 = the admin chose "cash only" on the checklist (no online payment account needed). */
  cash_only: ColumnType<Flag, Flag | undefined, Flag>;
}

interface CitiesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  translations: TranslationsJson;
}

interface TagsTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  translations: TranslationsJson;
}

interface PlaceTagsTable {
  place_id: number;
  tag_id: number;
}

/** Venue settings, key → value text (flags as '0'/'1'); unique (place_id, key). */
interface SettingsTable {
  id: Generated<number>;
  place_id: number;
  key: string;
  value: string;
}

interface LanguagesTable {
  id: Generated<number>;
  place_id: number;
  /** bg, en, es, de, fr-CH */
  code: string;
  name: string;
  is_default: Flag;
  position: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  place_id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  description: string | null;
  translations: TranslationsJson;
  icon: string | null;
  /** 'normal' | 'image' | 'link' */
  type: string;
  /** [{ link: 'https://…' }] */
  links: Json<{ link: string }[]>;
  hierarchy_level: number;
  priority: number;
  background_image: string | null;
  video_name: string | null;
  /** For PDF-menu categories: path of the PDF. */
  pdf_path: string | null;
  open_call_waiter: Flag;
  order_allowed: Flag;
  active: Flag;
  show_cat_only_for_spot_orders: Flag;
  hide_cat_only_for_spot_orders: Flag;
  show_only_for_spot_browse: Flag;
  hide_only_for_spot_browse: Flag;
  show_cat_only_for_delivery_orders: Flag;
  hide_cat_only_for_delivery_orders: Flag;
}

export interface ProductsTable {
  id: Generated<number>;
  place_id: number;
  slug: string;
  name: string;
  /** 'normal' | 'booking' */
  type: string;
  description: string | null;
  translations: TranslationsJson;
  /** Short subcategory label shown on the card (e.g. "Салати"). */
  subcategory: string | null;
  label: string | null;
  in_stock: Flag;
  active: Flag;
  hide_for_ordering: Flag;
  is_liquid: Flag;
  discount_percent: number;
  discount_money: number;
  hide_variants: Flag;
  /** Hours after preparation; null = not shown. */
  minimum_durability: number | null;
  /** 0–100, vertical focal point of the image in %. */
  image_position_y: number;
  /** 1 = natural size. */
  image_scale: number;
  disable_promocode_discount: Flag;
  min_count_addable_ingredients: number;
  max_count_addable_ingredients: number;
  show_only_for_spot_browse: Flag;
  hide_only_for_spot_browse: Flag;
  time_based_discount_enabled: Flag;
  /** Weekdays 1 (Mon) … 7 (Sun). */
  time_based_discount_days: Json<number[]>;
  time_based_discount_start_hour: number;
  time_based_discount_end_hour: number;
  time_based_discount_percent: number;
  priority: number;
  created_at: Timestamp;
  /** The venue's own product code (menu import matches on it); unique within the place, null = none. */
  sku: Generated<string | null>;
}

/** A product's categories (catHierarchyIds); is_primary marks catHierarchyId. */
export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
  is_primary: Flag;
}

interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  width: number | null;
  height: number | null;
  position: number;
}

export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  price: number;
  /** Box fee, minor units. */
  additional_price: number;
  size: string | null;
  /** Minutes, for booking-type products. */
  booking_duration: number | null;
  translations: TranslationsJson;
  position: number;
  active: Flag;
}

interface AllergensTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  translations: TranslationsJson;
  image: string | null;
}

export interface ProductAllergensTable {
  product_id: number;
  allergen_id: number;
}

interface RelatedProductsTable {
  product_id: number;
  related_product_id: number;
  position: number;
}

export interface IngredientsTable {
  id: Generated<number>;
  place_id: number;
  name: string;
  translations: TranslationsJson;
  price: number;
  active: Flag;
  priority: number;
}

interface ProductIngredientsTable {
  id: Generated<number>;
  product_id: number;
  ingredient_id: number;
  /** 'required' | 'addable' | 'removable' */
  type: string;
  position: number;
}

/** Order types a place offers: 1 spot, 2 delivery, 3 pickup, 4 spot browse, 6 room, 7 served on spot. */
interface OrderTypesTable {
  id: Generated<number>;
  place_id: number;
  type: number;
  active: Flag;
}

export interface OrderTypePricesTable {
  id: Generated<number>;
  order_type_id: number;
  price_over: number;
  price: number;
}

export interface OrderTypeDiscountsTable {
  id: Generated<number>;
  order_type_id: number;
  price_over: number;
  value: number;
  /** 'percent' | 'money' */
  value_type: string;
  /** 'HH:MM' or null for all day. */
  active_start_time: string | null;
  active_end_time: string | null;
}

export interface DeliveryRadiusesTable {
  id: Generated<number>;
  order_type_id: number;
  /** Kilometres from the place. */
  radius_start: number;
  radius_end: number;
  delivery_price: number;
  required_order_price_for_free_delivery: number | null;
}

export interface DeliveryShapesTable {
  id: Generated<number>;
  order_type_id: number;
  name: string | null;
  /** The name in the other languages ({"en":{"name":…}}); Bulgarian is `name`; '{}' unless given. */
  translations: Generated<TranslationsJson>;
  delivery_price: number;
  /** [[lat, lng], …] polygon ring. */
  coordinates: Json<[number, number][]>;
  active_time_from: string | null;
  active_time_to: string | null;
  required_order_price_for_free_delivery: number | null;
}

export interface RegionsTable {
  id: Generated<number>;
  place_id: number;
  name: string;
  translations: TranslationsJson;
  delivery_price: number;
  required_order_price_for_free_delivery: number | null;
  active: Flag;
}

interface HallsTable {
  id: Generated<number>;
  place_id: number;
  name: string;
  translations: TranslationsJson;
  active: Flag;
}

/** Tables and hotel rooms; `token` is the QR code's secret (`/{place}/t/{token}`). */
export interface TablesTable {
  id: Generated<number>;
  place_id: number;
  hall_id: number | null;
  /** Table or room number as shown, e.g. '7' or '101'. */
  number: string;
  /** 'table' | 'room' */
  kind: string;
  seats: number;
  token: string;
  active: Flag;
  created_at: Timestamp;
}

/** A guest's session at a table (spot order token), spec §3 user order token. */
export interface TableSessionsTable {
  id: Generated<number>;
  place_id: number;
  table_id: number;
  session: string;
  order_type: number;
  expires_at: string;
  bill_wanted: Flag;
  bill_payment_method: string | null;
  created_at: Timestamp;
  /** 'kiosk' | 'tablet' (one device: never shared) | null */
  mode: Generated<string | null>;
  /** The bill was paid in full: the session is over (a new scan opens a new one). */
  closed_at: Generated<string | null>;
  /** The shared cart's version: every change adds one; a change naming an older version is refused. */
  cart_version: Generated<number>;
  cart_sent_key: Generated<string | null>;
  cart_sent_at: Generated<string | null>;
  cart_sent_by: Generated<number | null>;
  /** Set while the cart is being sent (the once-only guard); cleared when the order is stored or refused. */
  cart_sending_at: Generated<string | null>;
}

/** A phone that joined a table session's shared cart (issue 19). */
interface TableGuestsTable {
  id: Generated<number>;
  place_id: number;
  session_id: number;
  /** 1, 2, … in joining order ("Guest 2" when no name is given). */
  number: number;
  name: string | null;
  /** The phone's secret within the session (kept in its local storage). */
  guest_key: string;
  created_at: Timestamp;
}

interface TableCartLinesTable {
  id: Generated<number>;
  place_id: number;
  session_id: number;
  guest_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  /** JSON {required, addable[], removable[]} */
  ingredients: string;
  comment: string | null;
  private: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One payer's part of a table's bill (issue 19). */
interface BillSharesTable {
  id: Generated<number>;
  place_id: number;
  session_id: number;
  guest_id: number | null;
  /** 'items' | 'equal' | 'custom' */
  mode: string;
  parts: number | null;
  part_index: number | null;
  amount: number;
  tip: number;
  /** 'online' | 'cash' | 'card' */
  method: string;
  /** 'pending' | 'paid' | 'released' */
  status: string;
  /** A pending online share releases its claim after this (its payment's expiry). */
  expires_at: string | null;
  paid_at: string | null;
  marked_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface BillShareItemsTable {
  id: Generated<number>;
  share_id: number;
  order_line_id: number;
  quantity: number;
  amount: number;
}

export interface UsersTable {
  id: Generated<number>;
  /** null for platform staff (SUPER_ADMIN, SALES_ADMIN of the platform), who belong to no brand. */
  client_id: number | null;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string | null;
  /** USER, PDF_MENU_ADMIN, WAITER, RASPBERRY_ADMIN, PLACE_ADMIN, CLIENT_ADMIN, SALES_ADMIN, SUPER_ADMIN */
  role: string;
  points: number;
  /** Accumulated order amount, minor units. */
  accumulated_amount: number;
  banned: Flag;
  /** 0 while a registration waits for its e-mailed link (no sign-in); 1 otherwise. */
  email_confirmed: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: Timestamp;
}

/** Single-use invitations to become a brand's CLIENT_ADMIN or PLACE_ADMIN (platform console). */
export interface PlatformInvitesTable {
  id: Generated<number>;
  client_id: number;
  /** Set for PLACE_ADMIN invites. */
  place_id: number | null;
  email: string;
  role: string;
  /** sha256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_by: number | null;
  created_at: Timestamp;
}

/** Which places a staff user works at (WAITER, PLACE_ADMIN…); client-wide roles need no rows. */
interface UserPlacesTable {
  user_id: number;
  place_id: number;
}

interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

interface PaymentInstrumentsTable {
  id: Generated<number>;
  user_id: number;
  place_id: number;
  provider: string;
  provider_token: string;
  provider_instrument_id: string;
  /** Display name, e.g. 'Visa •••• 4242'. */
  name: string;
  type: number;
  expires: string | null;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  place_id: number;
  /** Public identifier answered to the guest (`key` in the order response). */
  key: string;
  /** The guest's order token (session). */
  token: string;
  type: number;
  status: string;
  table_id: number | null;
  room_number: string | null;
  user_id: number | null;
  client_name: string | null;
  client_phone: string | null;
  client_email: string | null;
  client_address: string | null;
  street_number: string | null;
  floor_number: string | null;
  ap_number: string | null;
  bell_number: string | null;
  entrance_number: string | null;
  postal_code: string | null;
  region_id: number | null;
  delivery_radius_id: number | null;
  delivery_shape_id: number | null;
  lat: number | null;
  lng: number | null;
  /** Requested time as the guest chose it ('' or 'HH:MM', with the day). */
  requested_time: string | null;
  exact_time_selected: Flag;
  payment_method: string | null;
  /** 'none' | 'pending' | 'paid' | 'failed' */
  payment_status: string;
  cutlery: Flag;
  count_cutlery: number;
  additional_order_type: string | null;
  pickup_place_id: number | null;
  promo_code: string | null;
  order_comment: string | null;
  subtotal: number;
  discount_total: number;
  delivery_fee: number;
  box_fee: number;
  cutlery_fee: number;
  payment_fee: number;
  accumulated_amount_used: number;
  total: number;
  currency: string;
  /** The full price breakdown computed by the domain engine. */
  breakdown: Json<unknown>;
  bill_wanted: Flag;
  bill_payment_method: string | null;
  device_id: string | null;
  /** Hash of (session, lines) to refuse the same order twice within seconds. */
  dedupe_hash: string | null;
  /** Loyalty the order earned its user (points; accumulated amount, minor units), once, when paid. */
  loyalty_points: Generated<number>;
  loyalty_amount: Generated<number>;
  loyalty_awarded_at: string | null;
  /** Short number within the venue's day (issue 24 #8: "#7"), given when stored; null for older orders. */
  number: number | null;
  /** The venue's local day of `number` (YYYY-MM-DD). */
  number_day: string | null;
  /** The guest's tracking page key (issue 24 #6: `/{place}/order/{tracking_token}`); null for older orders. */
  tracking_token: Generated<string | null>;
  /** A future order's start (issue 24 #3): ISO instant of its requested time minus the preparation; else null. */
  scheduled_start: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The last short order number given per venue and local day (orders.number). */
/** A push id already added to a session's shared cart (the same push twice adds once). */
interface TableCartPushesTable {
  session_id: number;
  push_id: string;
  created_at: string;
}

interface OrderNumbersTable {
  place_id: number;
  day: string;
  last_number: number;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number;
  name: string;
  size: string | null;
  quantity: number;
  unit_price: number;
  box_fee: number;
  discount: number;
  line_total: number;
  comment: string | null;
  category_id: number | null;
}

export interface OrderLineIngredientsTable {
  id: Generated<number>;
  order_line_id: number;
  ingredient_id: number;
  /** 'required' | 'addable' | 'removable' */
  type: string;
  name: string;
  price: number;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  changed_by: number | null;
  reason: string | null;
  created_at: Timestamp;
}

/** Waiter calls ("user needs") and bill requests as they reach the staff board. */
export interface UserNeedsTable {
  id: Generated<number>;
  place_id: number;
  table_id: number | null;
  session: string | null;
  /** preset key: clean_table, new_cutlery, more_napkins, change_ashtray, bring_ice, other, bill */
  type: string;
  text: string | null;
  /** 'open' | 'done' */
  status: string;
  created_at: Timestamp;
  done_at: string | null;
}

interface FeedbackQuestionsTable {
  id: Generated<number>;
  place_id: number;
  text: string;
  translations: TranslationsJson;
  /** 'rating' | 'text' */
  type: string;
  position: number;
  active: Flag;
}

interface FeedbackAnswersTable {
  id: Generated<number>;
  place_id: number;
  question_id: number | null;
  order_id: number | null;
  rating: number | null;
  text: string | null;
  name: string | null;
  created_at: Timestamp;
}

export interface PromoCodesTable {
  id: Generated<number>;
  place_id: number;
  code: string;
  /** 'percent' | 'money' */
  discount_type: string;
  discount_value: number;
  ignore_other_discounts: Flag;
  valid_from: string | null;
  valid_to: string | null;
  max_uses: number | null;
  used_count: number;
  /** null = every product. */
  eligible_product_ids: Json<number[] | null>;
  active: Flag;
}

/** Registered-user discount on the nth order. */
export interface UserDiscountsTable {
  id: Generated<number>;
  place_id: number;
  on_order_number: number;
  /** 'percent' | 'money' */
  discount_type: string;
  discount_amount: number;
  active: Flag;
}

export interface BookingsTable {
  id: Generated<number>;
  place_id: number;
  hall_id: number | null;
  table_id: number | null;
  user_id: number | null;
  product_id: number | null;
  variant_id: number | null;
  /** 'YYYY-MM-DD' local date of the venue. */
  date: string;
  /** 'HH:MM' */
  start_time: string;
  end_time: string;
  people: number;
  name: string;
  phone: string;
  email: string;
  comment: string | null;
  /** 'pending_confirmation' | 'pending_payment' | 'confirmed' | 'seated' | 'no_show' | 'cancelled' | 'expired' */
  status: string;
  cancel_token: string;
  expires_at: string | null;
  created_at: Timestamp;
  /** The guest's e-mail and phone as one guest's bookings are counted (domain guestEmailKey / guestPhoneKey). */
  email_key: string | null;
  phone_key: string | null;
}

interface PaymentsTable {
  id: Generated<number>;
  place_id: number;
  order_id: number | null;
  booking_id: number | null;
  provider: string;
  /** Digits-only, single-use invoice number sent to the provider. */
  invoice: string;
  amount: number;
  currency: string;
  /** 'pending' | 'paid' | 'denied' | 'expired' | 'failed' */
  status: string;
  provider_ref: string | null;
  /** null | 'required' (paid, but nothing to deliver: refund by hand at the provider) | 'done' */
  refund_status: string | null;
  refund_reason: string | null;
  /** A payment for a share of a table's bill (issue 19) rather than an order. */
  bill_share_id: Generated<number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface PaymentNotificationsTable {
  id: Generated<number>;
  payment_id: number | null;
  invoice: string;
  status: string;
  raw: string;
  created_at: Timestamp;
}

interface GalleryImagesTable {
  id: Generated<number>;
  place_id: number;
  path: string;
  translations: TranslationsJson;
  position: number;
}

interface PromotionsTable {
  id: Generated<number>;
  place_id: number;
  title: string;
  description: string | null;
  translations: TranslationsJson;
  image: string | null;
  active: Flag;
  position: number;
}

/** Devices staff have barred from ordering (`userDeviceData`). */
interface BlockedDevicesTable {
  id: Generated<number>;
  place_id: number;
  device_id: string;
  created_at: Timestamp;
}

/** spent_time_on_page, system and user_action logs. */
interface LogsTable {
  id: Generated<number>;
  place_id: number | null;
  /** 'spent_time' | 'system' | 'user_action' */
  kind: string;
  data: Json<unknown>;
  created_at: Timestamp;
}

/**
 * Events published to staff boards and guest streams, kept a day for `Last-Event-ID` catch-up. The id is the
 * event id on the wire (bigserial on PostgreSQL: pg answers it as a string, the event bus converts).
 */
export interface StaffEventsTable {
  id: Generated<number>;
  place_id: number;
  /** order.created, order.status_changed, … (contracts/staff.ts STAFF_EVENT_TYPES) */
  type: string;
  /** The guest's order token the event concerns (guest stream filter); null for staff-only events. */
  session: string | null;
  data: Json<unknown>;
  created_at: Timestamp;
}

/** A receipt printer on the venue's network (issue "Kitchen and bar tickets"). */
export interface PrintersTable {
  id: Generated<number>;
  place_id: number;
  name: string;
  host: string;
  port: number;
  /** 58 | 80 (mm) */
  paper_width: number;
  /** 'cp866' | 'wpc1251' */
  charset: string;
  is_default: Flag;
  active: Flag;
  created_at: Timestamp;
}

/** The categories a printer prints (a category on one printer at most). */
interface PrinterCategoriesTable {
  printer_id: number;
  category_id: number;
}

/** Per-venue print agent keys, stored as sha256; revoked keys stay listed. */
interface PrintAgentKeysTable {
  id: Generated<number>;
  place_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  revoked_at: string | null;
  last_seen_at: string | null;
}

/** Print jobs: stored before offered, claimed by one agent (lease), acknowledged once. */
export interface PrintJobsTable {
  id: Generated<number>;
  place_id: number;
  printer_id: number | null;
  order_id: number | null;
  /** 'ticket' | 'receipt' | 'test' */
  kind: string;
  /** TicketDocument (packages/domain/src/printing.ts) */
  document: Json<unknown>;
  /** 'queued' | 'printed' | 'cancelled' */
  status: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  /** 'paper_out' | 'cover_open': the printer's status stopped the last attempt; null otherwise. */
  last_problem: string | null;
  last_attempt_at: string | null;
  claimed_by: string | null;
  claim_expires_at: string | null;
  created_at: Timestamp;
  printed_at: string | null;
}

/** One row per order whose tickets were queued (queueing twice is a no-op). */
interface PrintOrderMarksTable {
  order_id: number;
  created_at: Timestamp;
}

/** One stored rendition's bytes (PostgreSQL image storage), addressed by their SHA-256. */
interface UploadBlobsTable {
  sha256: string;
  content_type: string;
  bytes: number;
  data: Buffer;
  created_at: string;
}

/** A served upload path and the blob it points at, with the client and place it belongs to. */
interface UploadsTable {
  path: string;
  client_id: number;
  place_id: number;
  sha256: string;
  created_at: string;
}

/** A served upload path and the S3 object (named by its SHA-256) that holds its bytes (S3_URL image storage). */
interface UploadObjectsTable {
  path: string;
  client_id: number;
  place_id: number;
  sha256: string;
  content_type: string;
  bytes: number;
  created_at: string;
}

/** A per-account counter (failed logins, reset e-mails) shared by the processes without Redis; times in epoch ms. */
interface AccountCountersTable {
  key: string;
  count: number;
  last_at: number;
  expires_at: number;
}

/** A venue's own provider account (issue 16 #3): the secret encrypted (lib/secret-box.ts), never sent anywhere. */
interface PaymentAccountsTable {
  place_id: number;
  provider: string;
  fields: string;
  secret: string;
  secret_last4: string;
  verified_at: string | null;
  updated_at: string;
}

export interface Database {
  payment_accounts: PaymentAccountsTable;
  account_counters: AccountCountersTable;
  upload_blobs: UploadBlobsTable;
  uploads: UploadsTable;
  upload_objects: UploadObjectsTable;
  clients: ClientsTable;
  places: PlacesTable;
  cities: CitiesTable;
  tags: TagsTable;
  place_tags: PlaceTagsTable;
  settings: SettingsTable;
  languages: LanguagesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_categories: ProductCategoriesTable;
  product_images: ProductImagesTable;
  product_variants: ProductVariantsTable;
  allergens: AllergensTable;
  product_allergens: ProductAllergensTable;
  related_products: RelatedProductsTable;
  ingredients: IngredientsTable;
  product_ingredients: ProductIngredientsTable;
  order_types: OrderTypesTable;
  order_type_prices: OrderTypePricesTable;
  order_type_discounts: OrderTypeDiscountsTable;
  delivery_radiuses: DeliveryRadiusesTable;
  delivery_shapes: DeliveryShapesTable;
  regions: RegionsTable;
  halls: HallsTable;
  tables: TablesTable;
  table_sessions: TableSessionsTable;
  table_guests: TableGuestsTable;
  table_cart_lines: TableCartLinesTable;
  table_cart_pushes: TableCartPushesTable;
  bill_shares: BillSharesTable;
  bill_share_items: BillShareItemsTable;
  users: UsersTable;
  user_places: UserPlacesTable;
  password_reset_tokens: PasswordResetTokensTable;
  payment_instruments: PaymentInstrumentsTable;
  orders: OrdersTable;
  order_numbers: OrderNumbersTable;
  order_lines: OrderLinesTable;
  order_line_ingredients: OrderLineIngredientsTable;
  order_status_history: OrderStatusHistoryTable;
  user_needs: UserNeedsTable;
  feedback_questions: FeedbackQuestionsTable;
  feedback_answers: FeedbackAnswersTable;
  promo_codes: PromoCodesTable;
  user_discounts: UserDiscountsTable;
  bookings: BookingsTable;
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  gallery_images: GalleryImagesTable;
  promotions: PromotionsTable;
  blocked_devices: BlockedDevicesTable;
  logs: LogsTable;
  staff_events: StaffEventsTable;
  printers: PrintersTable;
  printer_categories: PrinterCategoriesTable;
  print_agent_keys: PrintAgentKeysTable;
  print_jobs: PrintJobsTable;
  print_order_marks: PrintOrderMarksTable;
  platform_invites: PlatformInvitesTable;
}

export type Category = Selectable<CategoriesTable>;
export type Product = Selectable<ProductsTable>;
