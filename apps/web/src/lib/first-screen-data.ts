/**
 * The first screen's data inlined by the server into index.html for `/{place}` page requests (apps/server
 * src/plugins/web.ts): the same JSON GET settings, place, categoriesHierarchy?active=1 and products?active=1 answer
 * — with the amounts in the app's minor units, read by the server with the contracts' rule (wire-money.ts),
 * in `<script type="application/json" id="first-screen-data">`. Seeding the query cache with it before the first
 * render spares the first screen four API round trips.
 */
import type { QueryClient } from '@tanstack/react-query';
import { categoriesHierarchyQueryOptions } from '../api/get-categories-hierarchy.ts';
import { placeQueryOptions } from '../api/get-place.ts';
import { productsQueryOptions } from '../api/get-products.ts';
import { settingsQueryOptions } from '../api/get-settings.ts';

export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

export interface FirstScreenData {
  /** The place slug the data belongs to (from the URL the server answered). */
  place: string;
  /** The client slug the server asked for; data of another brand is ignored. */
  client: string;
  /** Server time (epoch ms) the data was read at. */
  at: number;
  settings: unknown;
  placeInfo: unknown;
  /** The menu: absent on a page that shows no products (about, legal, an order's tracking): asked for once live. */
  categoriesHierarchy?: unknown;
  products?: unknown;
  /** GET ingredients, on category and product pages (product pages and quick-add cards read it). */
  ingredients?: unknown;
  /**
   * A table QR entry the server verified (`/{place}/t/{token}`): the menu's URL, which the page shows instead
   * (main.tsx replaces the address before the router starts).
   */
  url?: string;
  /** A QR entry's token the server found invalid: the page shows "invalid QR code, scan again" (table-entry.tsx). */
  invalidQr?: string;
  /**
   * GET orders/track/{token} on an order's tracking page `/{place}/order/{token}` (issue 24 #6); put into the cache
   * by that page (features/order-tracking/api.ts seedInlinedTracking) and, on the server, by entry-server.tsx.
   */
  tracking?: unknown;
  /** The tracking key of that page when it names no order of this venue's (the server answered 404). */
  trackingNotFound?: string;
  /**
   * The data's picture addresses whose file the server found gone (deleted uploads): rendered hidden, the frame's
   * placeholder showing, from the first HTML on (components/ui/broken-image.ts).
   */
  missingPictures?: string[];
}

export function readFirstScreenData(doc: Document = document): FirstScreenData | null {
  // No element (undefined) or unreadable text throws, and answers null. Its shape is checked where it is used:
  // seedFirstScreen() takes only data naming this client and the URL's place.
  try {
    return JSON.parse(
      doc.getElementById(FIRST_SCREEN_DATA_ID)?.textContent as string,
    ) as FirstScreenData | null;
  } catch {
    return null;
  }
}

/**
 * Puts the inlined answers into the cache under the keys the screens ask for, when they belong to this client and to
 * the place in the URL. Returns whether it did.
 */
export function seedFirstScreen(
  client: QueryClient,
  clientSlug: string,
  pathname: string,
  data: FirstScreenData | null,
): boolean {
  if (!data || data.client !== clientSlug) return false;
  const place = decodeURIComponent(pathname.split('/')[1] ?? '');
  if (place === '' || place !== data.place) return false;
  // The server read the data moments ago; it counts as fetched now so the 5-minute staleTime applies.
  // (No time in the data, or not a number: now.)
  const updatedAt = Math.min(Date.now(), data.at) || Date.now();
  const set = (queryKey: readonly unknown[], value: unknown) => {
    if (value !== undefined && value !== null) client.setQueryData(queryKey, value, { updatedAt });
  };
  set(settingsQueryOptions(place).queryKey, data.settings);
  set(placeQueryOptions(place).queryKey, data.placeInfo);
  set(categoriesHierarchyQueryOptions(place).queryKey, data.categoriesHierarchy);
  set(productsQueryOptions(place).queryKey, data.products);
  // ingredientsQueryOptions(place).queryKey, spelled out: api/get-ingredients.ts is not part of the entry chunk.
  set(['ingredients', place], data.ingredients);
  set(['invalid-qr', place], data.invalidQr);
  // (`tracking` is seeded by its page's own chunk, features/order-tracking: nothing more in the entry.)
  return true;
}
