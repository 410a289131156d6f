/**
 * Presentation settings of a venue (spec §3 "many colour and layout options", §2 screen settings). The ordering
 * rules' settings are parsed by `@trapeza/domain/settings`; these only steer how the web app looks. Keys the spec
 * names are used as spelled (including `lighter_backgound_image`); colour, social, banner and legal-text keys are
 * designed here (see src/README.md).
 */
import { parseFlag, parseNumber, type RawSettings } from '@trapeza/domain/settings';

export interface UiSettings {
  theme: 1 | 2 | 3;
  subTheme: 1 | 2 | 3;
  /** 1 image tiles, 3 column cards, anything else rows (spec §2). */
  subcategoriesDesign: number;
  onePageMenuStyle: boolean;
  pdfMenuEnabled: boolean;
  viewProductPage: boolean;
  clickableProductVariants: boolean;
  /** 'top' | 'bottom' | 'both' from add_to_cart_view_page_button_position. */
  addToCartPosition: 'top' | 'bottom' | 'both';
  /** 0 never, 1 always, 2 spot browse / tablet (spec §2). */
  hideAddToCartBtn: number;
  replaceSlashWithNewLine: boolean;
  multipleColumns: boolean;
  tabletModeAlwaysOn: boolean;
  showFooter: boolean;
  whiteBackground: boolean;
  lighterBackgroundImage: boolean;
  variantModalWithComment: boolean;
  logo: string | null;
  backgroundImage: string | null;
  colors: {
    primary: string | null;
    primaryText: string | null;
    header: string | null;
    secondary: string | null;
    background: string | null;
    text: string | null;
    accent: string | null;
  };
  social: {
    facebook: string | null;
    instagram: string | null;
    youtube: string | null;
    tripadvisor: string | null;
  };
  footerHtml: string | null;
  adHtml: string | null;
  welcomeBanner: { enabled: boolean; text: string | null; image: string | null };
  about: {
    description: string | null;
    facilities: string | null;
    household: string | null;
    technicalSupport: string | null;
    paymentTypes: string[];
    phone: string | null;
    email: string | null;
    address: string | null;
  };
  legal: { customTerms: string | null; terms: string | null; privacy: string | null; refund: string | null };
  placeName: string | null;
}

function unwrap(v: unknown): unknown {
  return v !== null && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
}

function plain(raw: RawSettings, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = unwrap(raw[key]);
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

/**
 * A text setting in the guest's language: `<key>_translations` holds a JSON map language → text; the base value is
 * the Bulgarian one, used when the language has none (spec §4 fallback).
 */
export function translatedText(raw: RawSettings, lang: string, ...keys: string[]): string | null {
  for (const key of keys) {
    const base = plain(raw, key);
    if (base === null) continue;
    if (lang !== 'bg') {
      try {
        const map = JSON.parse(plain(raw, `${key}_translations`) ?? '{}') as Record<string, unknown>;
        const own = map[lang];
        if (typeof own === 'string' && own.trim() !== '') return own.trim();
      } catch {
        // malformed translations: keep the Bulgarian text
      }
    }
    return base;
  }
  return null;
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;

/** A colour value safe to put into a CSS custom property (no `;`, no url()). */
function color(raw: RawSettings, key: string): string | null {
  const v = plain(raw, key);
  return v && CSS_COLOR.test(v) ? v : null;
}

function oneToThree(n: number): 1 | 2 | 3 {
  return n === 1 || n === 2 ? n : 3;
}

export function parseUiSettings(raw: RawSettings, lang = 'bg'): UiSettings {
  const text = (...keys: string[]) => translatedText(raw, lang, ...keys);
  const flag = (key: string, fallback = false) => parseFlag(raw[key], fallback);
  const position = parseNumber(raw.add_to_cart_view_page_button_position, 1);
  const positionText = plain(raw, 'add_to_cart_view_page_button_position');
  return {
    theme: oneToThree(parseNumber(raw.theme, 3)),
    subTheme: oneToThree(parseNumber(raw.sub_theme, 1)),
    subcategoriesDesign: parseNumber(raw.subcategories_design, 2),
    onePageMenuStyle: parseNumber(raw.one_page_menu_style, 0) === 1,
    pdfMenuEnabled: flag('pdf_menu_enabled'),
    viewProductPage: flag('view_product_page', true),
    clickableProductVariants: flag('clickable_product_variants'),
    addToCartPosition:
      positionText === 'both' || position === 3
        ? 'both'
        : positionText === 'bottom' || position === 2
          ? 'bottom'
          : 'top',
    hideAddToCartBtn: parseNumber(raw.hide_add_to_cart_btn, 0),
    replaceSlashWithNewLine: flag('replace_slash_with_new_line_category_list'),
    multipleColumns: flag('multiple_columns_cats_and_prods_design'),
    tabletModeAlwaysOn: flag('tablet_mode_always_on'),
    showFooter: flag('show_footer', true),
    whiteBackground: flag('white_background'),
    lighterBackgroundImage: flag('lighter_backgound_image'),
    variantModalWithComment: flag('variant_modal_with_comment'),
    logo: text('logo', 'logo_image'),
    backgroundImage: text('background_image', 'bg_image'),
    colors: {
      primary: color(raw, 'primary_color'),
      primaryText: color(raw, 'button_text_color') ?? color(raw, 'primary_text_color'),
      header: color(raw, 'header_color'),
      secondary: color(raw, 'secondary_color'),
      background: color(raw, 'background_color'),
      text: color(raw, 'text_color'),
      accent: color(raw, 'accent_color'),
    },
    social: {
      facebook: text('facebook', 'facebook_link'),
      instagram: text('instagram', 'instagram_link'),
      youtube: text('youtube', 'youtube_link'),
      tripadvisor: text('tripadvisor', 'tripadvisor_link'),
    },
    footerHtml: text('footer_html_content'),
    adHtml: text('ad_html', 'ad_html_content'),
    welcomeBanner: {
      enabled: flag('welcome_banner_enabled') || text('welcome_banner_text') !== null,
      text: text('welcome_banner_text'),
      image: text('welcome_banner_image'),
    },
    about: {
      description: text('about_description', 'about_page_description'),
      facilities: text('about_facilities', 'facilities'),
      household: text('about_household', 'household'),
      technicalSupport: text('about_technical_support', 'technical_support'),
      paymentTypes: (text('payment_types') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
      phone: text('place_phone', 'phone'),
      email: text('place_email', 'email'),
      address: text('place_address', 'address'),
    },
    legal: {
      customTerms: text('custom_terms', 'custom_terms_html'),
      terms: text('terms_html', 'terms'),
      privacy: text('privacy_policy_html', 'privacy_policy'),
      refund: text('refund_policy_html', 'refund_policy'),
    },
    placeName: text('place_name', 'name'),
  };
}
