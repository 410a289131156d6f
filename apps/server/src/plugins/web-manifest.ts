/**
 * The web app manifest of a brand and of each of its venues (issue 17: the menu can be added to the home screen as
 * the venue's own app): `GET /manifest.webmanifest` is the brand's (its name, start at `/`), `GET
 * /{place}/manifest.webmanifest` the venue's (its name, start at its menu); both take the brand's logo as the icon
 * and its colour as the theme colour, and fall back to the build's own icon and colour. The venue's pages link the
 * venue's manifest (web.ts); a host no brand serves (the consoles) gets the build's own file.
 */
import type { PageBrand } from './web-brand.ts';

/** The build's defaults (apps/web/public/manifest.webmanifest). */
const DEFAULT_THEME = '#8a2c0d';
const BACKGROUND = '#f6f3ef';
const DEFAULT_ICON = '/icon.svg';

const ICON_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

function icon(src: string, purpose: 'any' | 'maskable') {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase() ?? '';
  const type = ICON_TYPES[ext];
  return { src, sizes: 'any', ...(type ? { type } : {}), purpose };
}

export function webManifest(brand: PageBrand, venue: { slug: string; name: string } | null) {
  const name = venue?.name ?? brand.name;
  const logo = brand.logo ?? DEFAULT_ICON;
  return {
    name,
    short_name: name,
    lang: 'bg',
    // A venue's manifest is its own app (id): two venues of a brand can both be on one home screen.
    id: venue ? `/${venue.slug}` : '/',
    start_url: venue ? `/${venue.slug}` : '/',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: brand.primaryColor ?? DEFAULT_THEME,
    icons: [icon(logo, 'any'), ...(brand.logo ? [] : [icon(DEFAULT_ICON, 'maskable')])],
  };
}

/** The page's `<link rel="manifest">` pointed at the venue's manifest. */
export function linkVenueManifest(html: string, placeSlug: string): string {
  return html.replace(
    /<link rel="manifest" href="[^"]*"\s*\/?>/,
    () => `<link rel="manifest" href="/${encodeURIComponent(placeSlug)}/manifest.webmanifest">`,
  );
}
