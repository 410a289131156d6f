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

function text(raw: RawSettings, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = unwrap(raw[key]);
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

const CSS_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;

/** A colour value safe to put into a CSS custom property (no `;`, no url()). */
function color(raw: RawSettings, key: string): string | null {
  const v = text(raw, key);
  return v && CSS_COLOR.test(v) ? v : null;
}

function oneToThree(n: number): 1 | 2 | 3 {
  return n === 1 || n === 2 ? n : 3;
}

export function parseUiSettings(raw: RawSettings): UiSettings {
  const flag = (key: string, fallback = false) => parseFlag(raw[key], fallback);
  const position = parseNumber(raw.add_to_cart_view_page_button_position, 1);
  const positionText = text(raw, 'add_to_cart_view_page_button_position');
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
    logo: text(raw, 'logo', 'logo_image'),
    backgroundImage: text(raw, 'background_image', 'bg_image'),
    colors: {
      primary: color(raw, 'primary_color'),
      primaryText: color(raw, 'primary_text_color'),
      background: color(raw, 'background_color'),
      text: color(raw, 'text_color'),
      accent: color(raw, 'accent_color'),
    },
    social: {
      facebook: text(raw, 'facebook', 'facebook_link'),
      instagram: text(raw, 'instagram', 'instagram_link'),
      youtube: text(raw, 'youtube', 'youtube_link'),
      tripadvisor: text(raw, 'tripadvisor', 'tripadvisor_link'),
    },
    footerHtml: text(raw, 'footer_html_content'),
    adHtml: text(raw, 'ad_html', 'ad_html_content'),
    welcomeBanner: {
      enabled: flag('welcome_banner_enabled') || text(raw, 'welcome_banner_text') !== null,
      text: text(raw, 'welcome_banner_text'),
      image: text(raw, 'welcome_banner_image'),
    },
    about: {
      description: text(raw, 'about_description', 'about_page_description'),
      facilities: text(raw, 'about_facilities', 'facilities'),
      household: text(raw, 'about_household', 'household'),
      technicalSupport: text(raw, 'about_technical_support', 'technical_support'),
      paymentTypes: (text(raw, 'payment_types') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
      phone: text(raw, 'place_phone', 'phone'),
      email: text(raw, 'place_email', 'email'),
      address: text(raw, 'place_address', 'address'),
    },
    legal: {
      customTerms: text(raw, 'custom_terms', 'custom_terms_html'),
      terms: text(raw, 'terms_html', 'terms'),
      privacy: text(raw, 'privacy_policy_html', 'privacy_policy'),
      refund: text(raw, 'refund_policy_html', 'refund_policy'),
    },
    placeName: text(raw, 'place_name', 'name'),
  };
}
