/** Shared setup of the booking component tests: texts in a language, fetch mocked at the HTTP boundary, a venue. */
import { Suspense, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import type { StoreBookingHallsResponse } from '@trapeza/domain/contracts/bookings';
import type { Language } from '@trapeza/domain/i18n';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { bookingBundle } from '../i18n/loaders.ts';

export async function useBookingLanguage(lang: Language): Promise<void> {
  await loadFeatureBundle('booking', bookingBundle, lang);
  await changeLanguage(lang);
}

export const bistro: StorePlaceResponse = {
  id: 1,
  slug: 'bistro',
  name: 'Бистро',
  translations: {},
  client: { id: 1, slug: 'demo', name: 'Demo' },
  address: null,
  phone: null,
  email: null,
  lat: null,
  lng: null,
  city_id: null,
  functionality_modules: ['booking'],
  ordertypes: [],
  regions: [],
  working_hours: {},
};

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

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body: unknown } | undefined;

/** Mocks `fetch`: settings, place and bookings/halls answer a plain venue unless `handler` answers first. */
export function mockFetch(handler: Handler, place: StorePlaceResponse = bistro) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const path = new URL(call.url, 'http://x').pathname;
      const answer =
        handler(call) ??
        (path === '/api/settings'
          ? { status: 200, body: { time_zone: 'Europe/Sofia' } }
          : path === '/api/place'
            ? { status: 200, body: place }
            : path === '/api/bookings/halls'
              ? { status: 200, body: setup }
              : { status: 404, body: { code: 'not_found', message: 'Not found' } });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

/** Renders `ui` under /:place at `path` with a fresh query client, inside an async act (suspending texts). */
export async function renderAtPlace(ui: ReactNode, path = '/bistro/reservations') {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:place/*" element={<Suspense fallback={<p>loading</p>}>{ui}</Suspense>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return result;
}
