/**
 * Venue settings used by the rules (spec §3, §9), with their defaults, and the parser of the raw key → value map
 * (GET settings answers key → {value}; flags are 0/1 as numbers or strings). Money settings are decimal major units
 * in the map and minor units after parsing. Keys marked "designed" are not named by the spec; see README.
 */
import { toMinor, type Minor } from './money.ts';
import {
  isLanguage,
  normalizeLanguage,
  parseTranslationsType,
  type Language,
  type TranslationsType,
} from './i18n.ts';

const firstLang = (value: string, fallback: Language): Language => (isLanguage(value) ? value : fallback);
import { DEFAULT_TIME_ZONE } from './dates.ts';
import { parseWorkingHours, type WorkingHours } from './hours.ts';
import type { OrderType } from './order-status.ts';

export interface VenueSettings {
  default_lang: Language;
  /** The language of a guest's first visit (no language chosen yet); falls back to default_lang (spec §3, §9). */
  first_init_lang: Language;
  /** How the menu's texts are translated: `json` per language, or `none` (own texts everywhere); see i18n.ts. */
  translations_type: TranslationsType;
  default_currency_suffix: string;
  order_expire_time_hours: number;
  minimal_order_price: Minor;
  booking_interval: number;
  orders_allowed: boolean;
  /** A hotel: room service goes to the venue's own rooms only (a typed room number must be one of them). */
  is_hotel: boolean;
  promocode_visible: boolean;
  required_delivery_pickup_times: boolean;
  validate_phone_number_regex: string | null;
  disable_overtime_orders: boolean;
  /** designed (issue 24 #3): minutes the kitchen needs; a requested time later than now plus these is a future order. */
  order_preparation_minutes: number;
  hide_products_for_ordering_with_token: boolean;
  working_hours: WorkingHours | null;
  show_variant_additional_price: boolean;
  /** designed: box fee only for preorder (spec §9 "if set, only for preorder"). */
  show_variant_additional_price_only_for_preorder: boolean;
  /** designed (issue 24): order types charged the box fee (box_fee_order_types, comma-separated); default 2,3,6. */
  box_fee_order_types: number[];
  calculate_product_discount_money_only_for_preorder_orders: boolean;
  show_prices_in_two_currency: boolean;
  theme: number;
  sub_theme: number;
  /** designed: cutlery option per order type (spec §3 "cutlery options per order type"). */
  cutlery_option_delivery: boolean;
  cutlery_option_preorder: boolean;
  cutlery_option_room: boolean;
  cutlery_option_served_on_spot: boolean;
  /** designed: cutlery fee per piece. */
  cutlery_price: Minor;
  /** designed: online payment tax = percent × amount + fixed (spec §9). */
  online_payment_tax_percent: number;
  online_payment_tax_fixed: Minor;
  /** designed: the venue's IANA time zone for hours, windows and dates. */
  time_zone: string;
  /** designed: agreement checkboxes in the order modal (spec §5). */
  agreement_terms_required: boolean;
  agreement_privacy_required: boolean;
  /** designed: one checkbox for terms and privacy together. */
  agreement_combined: boolean;
  /** designed: comma-separated additional order types offered for room orders (e.g. 'breakfast,lunch'). */
  room_additional_order_types: string[];
}

/** Spec §9 defaults, and designed defaults for the rest. */
export const SETTINGS_DEFAULTS: VenueSettings = {
  default_lang: 'bg',
  first_init_lang: 'bg',
  translations_type: 'json',
  default_currency_suffix: 'лв.',
  order_expire_time_hours: 3,
  minimal_order_price: 0,
  booking_interval: 15,
  orders_allowed: true,
  is_hotel: false,
  promocode_visible: false,
  required_delivery_pickup_times: false,
  validate_phone_number_regex: null,
  disable_overtime_orders: true,
  order_preparation_minutes: 20,
  hide_products_for_ordering_with_token: false,
  working_hours: null,
  show_variant_additional_price: false,
  show_variant_additional_price_only_for_preorder: false,
  box_fee_order_types: [2, 3, 6],
  calculate_product_discount_money_only_for_preorder_orders: false,
  show_prices_in_two_currency: false,
  theme: 3,
  sub_theme: 1,
  cutlery_option_delivery: false,
  cutlery_option_preorder: false,
  cutlery_option_room: false,
  cutlery_option_served_on_spot: false,
  cutlery_price: 0,
  online_payment_tax_percent: 0,
  online_payment_tax_fixed: 0,
  time_zone: DEFAULT_TIME_ZONE,
  agreement_terms_required: false,
  agreement_privacy_required: false,
  agreement_combined: false,
  room_additional_order_types: [],
};

/** The raw map as the API or the database holds it: key → value, or key → {value}. */
export type RawSettings = Record<string, unknown>;

function unwrap(v: unknown): unknown {
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && 'value' in v)
    return (v as { value: unknown }).value;
  return v;
}

/** A 0/1 flag as number, string or boolean; anything unreadable gives the default. */
export function parseFlag(value: unknown, fallback: boolean): boolean {
  const v = unwrap(value);
  if (v === true || v === 1) return true;
  if (v === false || v === 0) return false;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === '1' || s === 'true' || s === 'yes' || s === 'on') return true;
    if (s === '0' || s === 'false' || s === 'no' || s === 'off' || s === '') return false;
  }
  return fallback;
}

/** A number as number or string; anything unreadable gives the default. */
export function parseNumber(value: unknown, fallback: number): number {
  const v = unwrap(value);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(',', '.'));
    if (Number.isFinite(n)) return n;
  }
  return fallback;
}

function parseString(value: unknown, fallback: string): string {
  const v = unwrap(value);
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (typeof v === 'number') return String(v);
  return fallback;
}

/** A comma-separated list of order types (1, 2, 3, 6); unset gives the default, an empty string none. */
function parseOrderTypeList(value: unknown, fallback: readonly number[]): number[] {
  const v = unwrap(value);
  if (v == null) return [...fallback];
  const text = Array.isArray(v) ? v.join(',') : String(v);
  return [
    ...new Set(
      text
        .split(',')
        .map((x) => Number(x.trim()))
        .filter((n) => n === 1 || n === 2 || n === 3 || n === 6),
    ),
  ];
}

/** Reads a raw settings map into typed settings with defaults. */
export function parseSettings(raw: RawSettings): VenueSettings {
  const d = SETTINGS_DEFAULTS;
  const flag = (k: keyof VenueSettings) => parseFlag(raw[k], d[k] as boolean);
  const num = (k: keyof VenueSettings) => parseNumber(raw[k], d[k] as number);
  const regex = parseString(raw.validate_phone_number_regex, '');
  const wh = unwrap(raw.working_hours);
  const extra = parseString(raw.room_additional_order_types, '');
  const defaultLang = normalizeLanguage(
    parseString(raw.default_lang ?? raw.default_language, d.default_lang),
  );
  return {
    default_lang: defaultLang,
    first_init_lang: firstLang(parseString(raw.first_init_lang, ''), defaultLang),
    translations_type: parseTranslationsType(unwrap(raw.translations_type)),
    default_currency_suffix: parseString(raw.default_currency_suffix, d.default_currency_suffix),
    order_expire_time_hours: num('order_expire_time_hours'),
    minimal_order_price: toMinor(parseNumber(raw.minimal_order_price, 0)),
    booking_interval: num('booking_interval'),
    orders_allowed: flag('orders_allowed'),
    is_hotel: flag('is_hotel'),
    promocode_visible: flag('promocode_visible'),
    required_delivery_pickup_times: flag('required_delivery_pickup_times'),
    validate_phone_number_regex: regex === '' ? null : regex,
    disable_overtime_orders: flag('disable_overtime_orders'),
    order_preparation_minutes: Math.min(1440, Math.max(0, Math.round(num('order_preparation_minutes')))),
    hide_products_for_ordering_with_token: flag('hide_products_for_ordering_with_token'),
    working_hours: wh == null || wh === '' ? null : parseWorkingHours(wh),
    show_variant_additional_price: flag('show_variant_additional_price'),
    show_variant_additional_price_only_for_preorder: flag('show_variant_additional_price_only_for_preorder'),
    box_fee_order_types: parseOrderTypeList(raw.box_fee_order_types, d.box_fee_order_types),
    calculate_product_discount_money_only_for_preorder_orders: flag(
      'calculate_product_discount_money_only_for_preorder_orders',
    ),
    show_prices_in_two_currency: flag('show_prices_in_two_currency'),
    theme: num('theme'),
    sub_theme: num('sub_theme'),
    cutlery_option_delivery: flag('cutlery_option_delivery'),
    cutlery_option_preorder: flag('cutlery_option_preorder'),
    cutlery_option_room: flag('cutlery_option_room'),
    cutlery_option_served_on_spot: flag('cutlery_option_served_on_spot'),
    cutlery_price: toMinor(parseNumber(raw.cutlery_price, 0)),
    online_payment_tax_percent: num('online_payment_tax_percent'),
    online_payment_tax_fixed: toMinor(parseNumber(raw.online_payment_tax_fixed, 0)),
    time_zone: parseString(raw.time_zone, d.time_zone),
    agreement_terms_required: flag('agreement_terms_required'),
    agreement_privacy_required: flag('agreement_privacy_required'),
    agreement_combined: flag('agreement_combined'),
    room_additional_order_types: extra
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  };
}

/** Whether the venue asks for a cutlery choice for this order type (designed per-type keys). */
export function cutleryOptionOn(
  settings: Pick<
    VenueSettings,
    | 'cutlery_option_delivery'
    | 'cutlery_option_preorder'
    | 'cutlery_option_room'
    | 'cutlery_option_served_on_spot'
  >,
  orderType: OrderType,
): boolean {
  switch (orderType) {
    case 2:
      return settings.cutlery_option_delivery;
    case 3:
      return settings.cutlery_option_preorder;
    case 6:
      return settings.cutlery_option_room;
    case 7:
      return settings.cutlery_option_served_on_spot;
    default:
      return false;
  }
}
