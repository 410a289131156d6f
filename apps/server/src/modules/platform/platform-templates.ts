/**
 * Venue templates of the platform console (issue 15): what a new venue starts with so that its menu page renders at
 * once (an empty menu) and it can take orders as soon as it has products.
 *   - restaurant: table, pickup and delivery orders; 10:00–22:00 every day; tables 1–10;
 *   - cafe: pickup and table (spot) orders; 08:00–20:00 every day; tables 1–6;
 *   - hotel: room service around the clock; rooms 101–120; the menu can also be browsed (spot browse).
 * Every template takes the brand's languages (the first is the default) and currency (its suffix; Europe/Zurich
 * for CHF, else Europe/Sofia as the venue time zone).
 */
import type { PlaceTemplate } from '@trapeza/domain/contracts/platform';
import type { Language } from '@trapeza/domain/i18n';
import type { CurrencyCode } from '@trapeza/domain/money';
import { ORDER_TYPES, type OrderType } from '@trapeza/domain/order-status';

export interface VenueTemplate {
  orderTypes: OrderType[];
  /** Every day of the week. */
  hours: string;
  tables: { number: string; kind: 'table' | 'room'; seats: number }[];
  settings: Record<string, string>;
}

const LANGUAGE_NAMES: Record<Language, string> = {
  bg: 'Български',
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  'fr-CH': 'Français (Suisse)',
};
export const languageName = (code: Language): string => LANGUAGE_NAMES[code];

const CURRENCY_SUFFIX: Record<CurrencyCode, string> = { BGN: 'лв.', EUR: '€', CHF: 'CHF' };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const TEMPLATES: Record<
  PlaceTemplate,
  Omit<VenueTemplate, 'settings'> & { settings: Record<string, string> }
> = {
  restaurant: {
    orderTypes: [ORDER_TYPES.SPOT, ORDER_TYPES.PREORDER, ORDER_TYPES.DELIVERY],
    hours: '10:00-22:00',
    tables: range(1, 10).map((n) => ({ number: String(n), kind: 'table', seats: 4 })),
    settings: {
      cutlery_option_delivery: '1',
      cutlery_option_preorder: '1',
      minimal_order_price: '0',
    },
  },
  cafe: {
    orderTypes: [ORDER_TYPES.PREORDER, ORDER_TYPES.SPOT],
    hours: '08:00-20:00',
    tables: range(1, 6).map((n) => ({ number: String(n), kind: 'table', seats: 2 })),
    settings: { cutlery_option_preorder: '0' },
  },
  hotel: {
    orderTypes: [ORDER_TYPES.ROOM, ORDER_TYPES.SPOT_BROWSE],
    hours: '00:00-23:59',
    tables: range(101, 120).map((n) => ({ number: String(n), kind: 'room', seats: 2 })),
    settings: {},
  },
};

export function venueTemplate(
  template: PlaceTemplate,
  brand: { languages: Language[]; currency: CurrencyCode },
): VenueTemplate {
  const t = TEMPLATES[template];
  const lang = brand.languages[0] ?? 'bg';
  const days = Object.fromEntries(range(1, 7).map((d) => [String(d), t.hours]));
  return {
    ...t,
    settings: {
      default_lang: lang,
      first_init_lang: lang,
      translations_type: 'json',
      default_currency_suffix: CURRENCY_SUFFIX[brand.currency],
      show_prices_in_two_currency: '0',
      time_zone: brand.currency === 'CHF' ? 'Europe/Zurich' : 'Europe/Sofia',
      working_hours: JSON.stringify(days),
      ...Object.fromEntries(range(1, 7).map((d) => [`working_hours_${d}`, t.hours])),
      disable_overtime_orders: '1',
      orders_allowed: '1',
      order_expire_time_hours: '3',
      required_delivery_pickup_times: '0',
      payment_types: 'cash,card',
      theme: '3',
      sub_theme: '1',
      subcategories_design: '3',
      view_product_page: '1',
      clickable_product_variants: '1',
      hide_add_to_cart_btn: '0',
      one_page_menu_style: '0',
      pdf_menu_enabled: '0',
      ...t.settings,
    },
  };
}
