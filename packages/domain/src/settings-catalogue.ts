/**
 * The catalogue of venue settings (spec §3 "Settings", §9 defaults): every key the product reads, with its area,
 * value type, default (as stored: text, flags '0'/'1', money as decimal major units) and a one-line description.
 * The admin console lists and validates settings with it; `settings.ts` parses the stored values for the rules.
 * Keys marked `designed` are not named by the spec (see the domain README). A translatable text `<key>` keeps
 * Bulgarian in the value and the other languages in `<key>_translations` ({"en": "…", …}).
 */
import { LANGUAGES, type Language } from './i18n.ts';
import { isValidDayHours } from './hours.ts';
import { PAYMENT_METHODS } from './pricing/fees.ts';
import { isValidEmail, isValidPhone } from './validation.ts';
import { checkPhonePattern } from './phone-pattern.ts';

export const SETTING_GROUPS = [
  'general',
  'ordering',
  'hours',
  'delivery',
  'payments',
  'cutlery',
  'booking',
  'loyalty',
  'look',
  'layout',
  'product_page',
  'guest_features',
  'texts',
  'about',
  'social',
  'legal',
  'notifications',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTING_TYPES = [
  'flag',
  'integer',
  'number',
  'money',
  'enum',
  'list',
  'text',
  'long_text',
  'html',
  'color',
  'url',
  'image',
  'email',
  'phone',
  'regex',
  'language',
  'time_zone',
  'working_hours',
  'secret',
] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export interface SettingOption {
  value: string;
  label: string;
}

export interface SettingDefinition {
  key: string;
  group: SettingGroup;
  type: SettingType;
  /** Stored form of the default ('' = empty). */
  default: string;
  description: string;
  /** enum: the allowed values; list: the allowed items (comma-separated value). */
  options?: readonly SettingOption[];
  min?: number;
  max?: number;
  /** Has a `<key>_translations` companion. */
  translatable?: boolean;
  /** Not named by the spec (designed here). */
  designed?: boolean;
}

const opts = (...pairs: [string, string][]): SettingOption[] =>
  pairs.map(([value, label]) => ({ value, label }));
const themeOptions = opts(['1', 'Theme 1'], ['2', 'Theme 2'], ['3', 'Theme 3']);
const languageOptions = LANGUAGES.map((code) => ({ value: code, label: code }));

type Def = Omit<SettingDefinition, 'key' | 'group'>;
const flag = (dflt: 0 | 1, description: string, extra: Partial<Def> = {}): Def => ({
  type: 'flag',
  default: String(dflt),
  description,
  ...extra,
});
const translatable = (type: 'text' | 'long_text' | 'html', description: string, dflt = ''): Def => ({
  type,
  default: dflt,
  description,
  translatable: true,
});
const color = (dflt: string, description: string): Def => ({
  type: 'color',
  default: dflt,
  description,
  designed: true,
});

/** key → definition, grouped by area in the order the admin console shows them. */
const CATALOGUE: Record<SettingGroup, Record<string, Def>> = {
  general: {
    default_lang: {
      type: 'language',
      default: 'bg',
      description: 'Default language of the menu',
      options: languageOptions,
    },
    first_init_lang: {
      type: 'language',
      default: 'bg',
      description: 'Language shown on a guest’s first visit',
      options: languageOptions,
    },
    translations_type: {
      type: 'enum',
      default: 'json',
      description:
        'How the menu is translated: per language (JSON on each item, falling back to Bulgarian), or not at all ' +
        '(every language shows the items’ own texts)',
      options: opts(['json', 'JSON per language'], ['none', 'One language: the items’ own texts']),
    },
    default_currency_suffix: {
      type: 'text',
      default: 'лв.',
      description: 'Currency suffix shown after prices',
      max: 10,
    },
    show_prices_in_two_currency: flag(0, 'Show prices in a second currency (BGN ↔ EUR at 1.95583)'),
    time_zone: {
      type: 'time_zone',
      default: 'Europe/Sofia',
      description: 'Venue time zone for hours, windows and reports',
      designed: true,
    },
    is_hotel: flag(0, 'The venue is a hotel: room service goes to its own rooms only (room numbers checked)'),
  },
  ordering: {
    orders_allowed: flag(1, 'Accept orders at all'),
    order_expire_time_hours: {
      type: 'integer',
      default: '3',
      description: 'Hours an order stays in the guest’s “my orders”',
      min: 1,
      max: 720,
    },
    minimal_order_price: { type: 'money', default: '0', description: 'Minimum order amount for delivery' },
    required_delivery_pickup_times: flag(0, 'Guests must choose a delivery or pickup time'),
    disable_overtime_orders: flag(1, 'Refuse orders outside working hours'),
    order_preparation_minutes: {
      type: 'integer',
      default: '20',
      description:
        'Minutes the kitchen needs: an order for a later time waits as “scheduled” until its time minus these',
      min: 0,
      max: 1440,
      designed: true,
    },
    hide_products_for_ordering_with_token: flag(0, 'Hide products marked hide_for_ordering for table guests'),
    show_change_table: flag(0, 'Offer “change table” to guests'),
    shared_table_cart: flag(
      1,
      'Phones scanning one table share one cart and split the bill (issue 19); 0 = a cart per phone',
      { designed: true },
    ),
    table_cart_private_lines: flag(0, 'Guests may keep a “just for me” line in the shared cart', {
      designed: true,
    }),
    ask_for_bill_hidden: flag(0, 'Hide the “ask for the bill” button'),
    promocode_visible: flag(0, 'Show the promo code field in the order form'),
    order_email_visible: flag(0, 'Show the e-mail field in the order form'),
    validate_phone_number_regex: {
      type: 'regex',
      default: '',
      description: 'Extra phone check (regular expression); empty = the default check',
    },
    tablet_mode_always_on: flag(0, 'Tablet mode on every device of the venue'),
    room_additional_order_types: {
      type: 'text',
      default: '',
      description: 'Comma-separated additional order types for room orders (e.g. breakfast,lunch)',
      designed: true,
    },
    agreement_terms_required: flag(0, 'The order form requires accepting the terms', { designed: true }),
    agreement_privacy_required: flag(0, 'The order form requires accepting the privacy policy', {
      designed: true,
    }),
    agreement_combined: flag(0, 'One checkbox for terms and privacy together', { designed: true }),
  },
  hours: {
    working_hours: {
      type: 'working_hours',
      default: '',
      description: 'Working hours per weekday 1 (Mon)–7 (Sun): up to two ranges HH:MM-HH:MM, “-” closed',
    },
  },
  delivery: {
    calculate_product_discount_money_only_for_preorder_orders: flag(
      0,
      'Product money discounts apply only to pickup / preorder orders',
    ),
    show_variant_additional_price: flag(0, 'Charge and show the box fee of variants'),
    show_variant_additional_price_only_for_preorder: flag(0, 'Box fee only for pickup / preorder orders', {
      designed: true,
    }),
    box_fee_order_types: {
      type: 'list',
      default: '2,3,6',
      description: 'Order types that pay the box fee (dine-in has no box)',
      options: [
        { value: '1', label: 'served on the spot' },
        { value: '2', label: 'delivery' },
        { value: '3', label: 'pickup / preorder' },
        { value: '6', label: 'room service' },
      ],
      designed: true,
    },
  },
  payments: {
    payment_types: {
      type: 'list',
      default: 'cash',
      description: 'Payment methods offered',
      options: PAYMENT_METHODS.map((m) => ({ value: m, label: m })),
      designed: true,
    },
    online_payment_tax_percent: {
      type: 'number',
      default: '0',
      description: 'Online payment fee: percent of the amount',
      min: 0,
      max: 100,
      designed: true,
    },
    online_payment_tax_fixed: {
      type: 'money',
      default: '0',
      description: 'Online payment fee: fixed amount',
      designed: true,
    },
  },
  cutlery: {
    cutlery_option_delivery: flag(0, 'Ask for cutlery on delivery orders', { designed: true }),
    cutlery_option_preorder: flag(0, 'Ask for cutlery on pickup orders', { designed: true }),
    cutlery_option_room: flag(0, 'Ask for cutlery on room orders', { designed: true }),
    cutlery_option_served_on_spot: flag(0, 'Ask for cutlery on served-on-spot orders', { designed: true }),
    cutlery_price: { type: 'money', default: '0', description: 'Cutlery fee per piece', designed: true },
  },
  booking: {
    booking_interval: {
      type: 'integer',
      default: '15',
      description: 'Minutes between booking slots',
      min: 5,
      max: 240,
    },
    booking_default_duration: {
      type: 'integer',
      default: '120',
      description: 'Booking length in minutes when the product variant gives none',
      min: 15,
      max: 1440,
      designed: true,
    },
    booking_min_people: {
      type: 'integer',
      default: '1',
      description: 'Fewest people per booking',
      min: 1,
      max: 100,
      designed: true,
    },
    booking_max_people: {
      type: 'integer',
      default: '20',
      description: 'Most people per booking (capped by the largest table)',
      min: 1,
      max: 500,
      designed: true,
    },
    booking_online_payment: flag(0, 'A deposit is paid online before a booking is confirmed', {
      designed: true,
    }),
    booking_deposit: { type: 'money', default: '0', description: 'Deposit per booking', designed: true },
    booking_payment_minutes: {
      type: 'integer',
      default: '15',
      description: 'Minutes an unpaid booking holds its table',
      min: 1,
      max: 1440,
      designed: true,
    },
    booking_email_confirmation: flag(
      1,
      'A booking without a deposit waits for the guest to confirm it from the e-mailed link (double opt-in)',
      { designed: true },
    ),
    booking_confirm_minutes: {
      type: 'integer',
      default: '30',
      description: 'Minutes an unconfirmed booking holds its table',
      min: 5,
      max: 1440,
      designed: true,
    },
    booking_max_open_per_guest: {
      type: 'integer',
      default: '3',
      description: 'Most open bookings one guest (same e-mail or phone) may hold here (0 = no limit)',
      min: 0,
      max: 100,
      designed: true,
    },
  },
  loyalty: {
    points_per_currency_unit: {
      type: 'number',
      default: '0',
      description: 'Points a registered user earns per whole currency unit of an order (0 = no points)',
      min: 0,
      max: 1000,
      designed: true,
    },
    accumulated_amount_percent: {
      type: 'number',
      default: '0',
      description: 'Percent of an order’s total credited to the user’s accumulated amount (0 = off)',
      min: 0,
      max: 100,
      designed: true,
    },
  },
  look: {
    theme: { type: 'enum', default: '3', description: 'Design theme', options: themeOptions },
    sub_theme: {
      type: 'enum',
      default: '1',
      description: 'Sub-theme of the design theme',
      options: opts(['1', 'Sub-theme 1'], ['2', 'Sub-theme 2'], ['3', 'Sub-theme 3']),
    },
    logo: { type: 'image', default: '', description: 'Logo image' },
    background_image: { type: 'image', default: '', description: 'Background image' },
    white_background: flag(0, 'White page background instead of the background image'),
    lighter_backgound_image: flag(0, 'Lighten the background image'),
    primary_color: color('#8c2f39', 'Primary colour'),
    secondary_color: color('#f4e9d8', 'Secondary colour'),
    accent_color: color('#d9a441', 'Accent colour'),
    text_color: color('#2b2118', 'Text colour'),
    background_color: color('#fffaf3', 'Page background colour'),
    header_color: color('#5b1f27', 'Top bar colour'),
    button_text_color: color('#ffffff', 'Text colour on buttons'),
  },
  layout: {
    one_page_menu_style: flag(0, 'All-in-one menu page instead of the category menu'),
    subcategories_design: {
      type: 'enum',
      default: '2',
      description: 'Subcategory list design',
      options: opts(['1', 'Image tiles'], ['2', 'Row list'], ['3', 'Column cards']),
    },
    multiple_columns_cats_and_prods_design: flag(0, 'Categories and products in several columns'),
    replace_slash_with_new_line_category_list: flag(0, 'Break category names at “/” in lists'),
    pdf_menu_enabled: flag(0, 'PDF menu mode for categories with a PDF'),
    show_footer: flag(1, 'Show the footer'),
    footer_html_content: translatable('html', 'Footer HTML'),
    ad_html: translatable('html', 'Advertisement HTML shown in the footer'),
  },
  product_page: {
    view_product_page: flag(1, 'Products open their own page'),
    clickable_product_variants: flag(0, 'Variants on the product card add to the cart directly'),
    add_to_cart_view_page_button_position: {
      type: 'enum',
      default: '1',
      description: 'Add-to-cart button on the product page',
      options: opts(['1', 'Top'], ['2', 'Bottom'], ['3', 'Top and bottom']),
    },
    hide_add_to_cart_btn: {
      type: 'enum',
      default: '0',
      description: 'Hide the add-to-cart button',
      options: opts(['0', 'Never'], ['1', 'Always'], ['2', 'Only in spot browse or tablet mode']),
    },
    variant_modal_with_comment: flag(0, 'The variant modal always opens, with a comment field per variant'),
  },
  guest_features: {
    welcome_banner_enabled: flag(0, 'Show the welcome banner on the first visit', { designed: true }),
    welcome_banner_text: { ...translatable('long_text', 'Welcome banner text'), designed: true },
    welcome_banner_image: { type: 'image', default: '', description: 'Welcome banner image', designed: true },
    analytics_tag_id: {
      type: 'text',
      default: '',
      description:
        'Ad analytics tag id (e.g. G-XXXX or AW-XXXX) for purchase events; loaded only after the guest consents, never on test hosts',
      max: 40,
      designed: true,
    },
  },
  texts: {
    orders_may_be_late: translatable('long_text', 'Notice that orders may be late'),
    orders_not_allowed_text: translatable('long_text', 'Message while orders are not accepted'),
    seccess_message_delivery_order: translatable('long_text', 'Success message after a delivery order'),
    seccess_message_pickup_order: translatable('long_text', 'Success message after a pickup order'),
  },
  about: {
    about_description: { ...translatable('long_text', 'About page: description'), designed: true },
    about_facilities: { ...translatable('long_text', 'About page: facilities'), designed: true },
    about_household: {
      ...translatable('long_text', 'About page: the operating company (household)'),
      designed: true,
    },
    about_technical_support: {
      ...translatable('long_text', 'About page: technical support'),
      designed: true,
    },
  },
  social: {
    facebook: { type: 'url', default: '', description: 'Facebook page' },
    instagram: { type: 'url', default: '', description: 'Instagram profile' },
    youtube: { type: 'url', default: '', description: 'YouTube channel' },
    tripadvisor: { type: 'url', default: '', description: 'Tripadvisor page' },
  },
  legal: {
    custom_terms: { ...translatable('html', 'Custom terms page'), designed: true },
    terms_html: { ...translatable('html', 'Terms and conditions'), designed: true },
    privacy_policy_html: { ...translatable('html', 'Privacy policy'), designed: true },
    refund_policy_html: { ...translatable('html', 'Refund policy'), designed: true },
  },
  notifications: {
    notification_email: { type: 'email', default: '', description: 'E-mail notified of new orders' },
    notification_sms_phone: {
      type: 'phone',
      default: '',
      description: 'Phone notified of new orders by SMS',
    },
    print_tickets_on: {
      type: 'enum',
      default: 'accepted',
      description:
        'When kitchen and bar tickets print: once the order is accepted (orders paid online: once paid), or as soon as it is created',
      options: opts(['accepted', 'Accepted'], ['created', 'Created']),
      designed: true,
    },
  },
};

/** Every setting, in display order. */
export const SETTINGS_CATALOGUE: readonly SettingDefinition[] = SETTING_GROUPS.flatMap((group) =>
  Object.entries(CATALOGUE[group]).map(([key, def]) => ({ key, group, ...def })),
);

const BY_KEY = new Map(SETTINGS_CATALOGUE.map((d) => [d.key, d]));

/** The definition of a key, or undefined for keys the product does not know. */
export function settingDefinition(key: string): SettingDefinition | undefined {
  return BY_KEY.get(key);
}

/** Suffix of the translations companion of a translatable text setting. */
export const TRANSLATIONS_SUFFIX = '_translations';

/** Stored keys that hold secrets and are never shown in clear (payment keys live in the server config). */
const SECRET_KEY = /(secret|password|passwd|api_?key|private_?key|token|merchant_?key)/i;
export function isSecretSettingKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** How a secret value is shown: its length hidden, the last 4 characters kept when it is long enough. */
export function maskSecret(value: string): string {
  if (value === '') return '';
  return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

export type SettingCheck = { ok: true; value: string } | { ok: false; message: string };

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const MONEY = /^\d{1,7}(?:[.,]\d{1,2})?$/;
const MAX_TEXT = 500;
const MAX_LONG_TEXT = 5_000;
const MAX_HTML = 50_000;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isUrlOrPath(v: string): boolean {
  if (v.startsWith('/') && !v.startsWith('//')) return true;
  return /^https?:\/\/[^\s]+$/i.test(v);
}

/** The canonical stored text of a working-hours value: {"1":"08:00-12:00,13:00-22:00","2":"-",…}. */
export function normalizeWorkingHours(raw: unknown): SettingCheck {
  let value = raw;
  if (typeof value === 'string') {
    if (value.trim() === '') return { ok: true, value: '' };
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, message: 'must be an object of weekdays 1–7' };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'must be an object of weekdays 1–7' };
  }
  const out: Record<string, string> = {};
  for (const [day, dayValue] of Object.entries(value as Record<string, unknown>)) {
    if (!/^[1-7]$/.test(day))
      return { ok: false, message: `unknown weekday "${day}" (1 = Monday … 7 = Sunday)` };
    const text = Array.isArray(dayValue)
      ? dayValue.length === 0
        ? '-'
        : dayValue.map((r) => String(r).trim()).join(',')
      : typeof dayValue === 'string'
        ? dayValue
            .trim()
            .replace(/\s*-\s*/g, '-')
            .replace(/\s*[,;]\s*|\s+/g, ',') || '-'
        : null;
    if (text === null || !isValidDayHours(text)) {
      return { ok: false, message: `day ${day}: use "-" or one or two ranges "HH:MM-HH:MM"` };
    }
    out[day] = text;
  }
  const ordered = Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((d) => [d, out[d] as string]),
  );
  return { ok: true, value: JSON.stringify(ordered) };
}

/**
 * Checks and normalizes a value for a setting: flags as '0'/'1', numbers within min/max, money as a decimal with
 * at most 2 decimals, enum and list values among the options, colours, URLs, e-mails, phones, regexes, time zones,
 * working hours. Returns the text to store.
 */
export function checkSettingValue(def: SettingDefinition, raw: unknown): SettingCheck {
  if (raw === null || raw === undefined) return { ok: false, message: 'is required' };
  const str =
    typeof raw === 'string'
      ? raw.trim()
      : typeof raw === 'number' || typeof raw === 'boolean'
        ? String(raw)
        : null;
  if (def.type === 'working_hours') return normalizeWorkingHours(raw);
  if (str === null) return { ok: false, message: 'must be a string, number or boolean' };
  const bad = (message: string): SettingCheck => ({ ok: false, message });
  switch (def.type) {
    case 'flag': {
      if (['1', 'true'].includes(str)) return { ok: true, value: '1' };
      if (['0', 'false'].includes(str)) return { ok: true, value: '0' };
      return bad('must be 0 or 1');
    }
    case 'integer':
    case 'number': {
      const n = Number(str.replace(',', '.'));
      if (str === '' || !Number.isFinite(n)) return bad('must be a number');
      if (def.type === 'integer' && !Number.isInteger(n)) return bad('must be a whole number');
      if (def.min !== undefined && n < def.min) return bad(`must be at least ${def.min}`);
      if (def.max !== undefined && n > def.max) return bad(`must be at most ${def.max}`);
      return { ok: true, value: String(n) };
    }
    case 'money':
      if (!MONEY.test(str)) return bad('must be an amount like 12.50 (at most 2 decimals)');
      return { ok: true, value: str.replace(',', '.') };
    case 'enum':
    case 'language':
      if (!def.options?.some((o) => o.value === str)) {
        return bad(`must be one of ${(def.options ?? []).map((o) => o.value).join(', ')}`);
      }
      return { ok: true, value: str };
    case 'list': {
      const items = str
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      const unknown = items.filter((i) => !def.options?.some((o) => o.value === i));
      if (unknown.length > 0) return bad(`unknown item(s) ${unknown.join(', ')}`);
      return { ok: true, value: [...new Set(items)].join(',') };
    }
    case 'text':
    case 'secret':
      return str.length > (def.max ?? MAX_TEXT)
        ? bad(`must be at most ${def.max ?? MAX_TEXT} characters`)
        : { ok: true, value: str };
    case 'long_text':
      return str.length > MAX_LONG_TEXT
        ? bad(`must be at most ${MAX_LONG_TEXT} characters`)
        : { ok: true, value: str };
    case 'html':
      return str.length > MAX_HTML ? bad(`must be at most ${MAX_HTML} characters`) : { ok: true, value: str };
    case 'color':
      return HEX_COLOR.test(str)
        ? { ok: true, value: str.toLowerCase() }
        : bad('must be a hex colour like #8c2f39');
    case 'url':
    case 'image':
      return str === '' || isUrlOrPath(str)
        ? { ok: true, value: str }
        : bad('must be an http(s) URL or a /path');
    case 'email':
      return str === '' || isValidEmail(str)
        ? { ok: true, value: str }
        : bad('must be a valid e-mail address');
    case 'phone':
      return str === '' || isValidPhone(str) ? { ok: true, value: str } : bad('must be a valid phone number');
    case 'regex': {
      const r = checkPhonePattern(str);
      return r.ok ? { ok: true, value: str } : bad(r.message);
    }
    case 'time_zone':
      return isTimeZone(str)
        ? { ok: true, value: str }
        : bad('must be an IANA time zone such as Europe/Sofia');
    default:
      return bad('unsupported setting type');
  }
}

/** Checks a `<key>_translations` value: an object of the other languages to strings. */
export function checkSettingTranslations(raw: unknown): SettingCheck {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, message: 'must be an object language → text' };
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'must be an object language → text' };
  }
  const out: Partial<Record<Language, string>> = {};
  for (const [lang, text] of Object.entries(value as Record<string, unknown>)) {
    if (!(LANGUAGES as readonly string[]).includes(lang) || lang === 'bg') {
      return { ok: false, message: `unknown language "${lang}" (bg is the base value)` };
    }
    if (typeof text !== 'string' || text.length > MAX_HTML)
      return { ok: false, message: `${lang}: must be a text` };
    if (text.trim() !== '') out[lang as Language] = text;
  }
  return { ok: true, value: JSON.stringify(out) };
}
