/**
 * Everything the place's screens need to know about the venue: parsed settings (rules and presentation), the
 * currency in the current language, and the browsing context from the order token (spec §4).
 */
import { useMemo } from 'react';
import { usePrefetchQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import { parseSettings, type VenueSettings } from '@trapeza/domain/settings';
import { venueCurrency, type VenueCurrency } from '@trapeza/domain/money';
import type { BrowseContext } from '@trapeza/domain/visibility';
import { translateField, type Language } from '@trapeza/domain/i18n';
import { placeQueryOptions } from '../api/get-place.ts';
import { settingsQueryOptions } from '../api/get-settings.ts';
import { parseUiSettings, type UiSettings } from '../lib/ui-settings.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { useLang } from './use-lang.ts';
import { usePlaceSlug } from './use-place-slug.ts';

export interface Venue {
  place: string;
  /** GET place: name, contact, order types (404 for an unknown place). */
  info: StorePlaceResponse;
  /** The venue's name in the guest's language. */
  name: string;
  lang: Language;
  settings: VenueSettings;
  ui: UiSettings;
  currency: VenueCurrency;
  ctx: BrowseContext & { hideProductsForOrderingWithToken: boolean; tabletMode: boolean };
  roomNumber: string | null;
}

export function useVenue(): Venue {
  const place = usePlaceSlug();
  const lang = useLang();
  // Two suspense queries, both started before either suspends (useSuspenseQueries costs ~1 KB gzip more).
  usePrefetchQuery(placeQueryOptions(place));
  const { data: raw } = useSuspenseQuery(settingsQueryOptions(place));
  const { data: info } = useSuspenseQuery(placeQueryOptions(place));
  const token = useSessionStore((s) => (s.orderToken?.place === place ? s.orderToken : null));
  const parsed = useMemo(
    () => ({ settings: parseSettings(raw), ui: parseUiSettings(raw, lang) }),
    [raw, lang],
  );
  return useMemo(() => {
    const { settings, ui } = parsed;
    return {
      place,
      info,
      name: translateField(info, 'name', lang) || ui.placeName || place,
      lang,
      settings,
      ui,
      currency: venueCurrency({
        default_currency_suffix: settings.default_currency_suffix,
        show_prices_in_two_currency: settings.show_prices_in_two_currency,
        lang,
      }),
      ctx: {
        orderType: token?.ordertype ?? null,
        hasToken: token != null,
        hideProductsForOrderingWithToken: settings.hide_products_for_ordering_with_token,
        tabletMode: ui.tabletModeAlwaysOn || (token?.tablet_mode ?? false),
      },
      roomNumber: token?.room_number ?? null,
    };
  }, [parsed, place, info, lang, token]);
}
