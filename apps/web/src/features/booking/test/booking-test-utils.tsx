/** The booking component tests' defaults on top of `src/test/render-with-providers.tsx`: texts, a venue, fetch. */
import type { ReactNode } from 'react';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import type { StoreBookingHallsResponse } from '@trapeza/domain/contracts/bookings';
import type { Language } from '@trapeza/domain/i18n';
import {
  bistroPlace,
  mockFetch as mockFetchWith,
  renderWithProviders,
  switchFeatureLanguage,
  type Handler,
} from '../../../test/render-with-providers.tsx';
import { bookingBundle } from '../i18n/loaders.ts';

export type { Call } from '../../../test/render-with-providers.tsx';

export async function useBookingLanguage(lang: Language): Promise<void> {
  await switchFeatureLanguage('booking', bookingBundle, lang);
}

export const bistro: StorePlaceResponse = bistroPlace(['booking']);

export const setup: StoreBookingHallsResponse = {
  halls: [
    { id: 1, name: 'Main hall', free: true },
    { id: 2, name: 'Terrace', free: true },
  ],
  allowed_people: { min: 1, max: 6 },
  online_payment: false,
  deposit: 0,
  interval: 15,
  duration: 120,
  days_ahead: 60,
};

/** Mocks `fetch`: settings, place and bookings/halls answer a plain venue unless `handler` answers first. */
export function mockFetch(handler: Handler, place: StorePlaceResponse = bistro) {
  return mockFetchWith(handler, (call) =>
    call.path === '/api/settings'
      ? { status: 200, body: { time_zone: 'Europe/Sofia' } }
      : call.path === '/api/place'
        ? { status: 200, body: place }
        : call.path === '/api/bookings/halls'
          ? { status: 200, body: setup }
          : undefined,
  );
}

/** Renders `ui` under /:place at `path` with a fresh query client, inside an async act (suspending texts). */
export async function renderAtPlace(ui: ReactNode, path = '/bistro/reservations') {
  return renderWithProviders(ui, { path });
}
