/** Shared setup of the payment component tests: texts in a language, fetch mocked at the HTTP boundary, a venue. */
import { Suspense, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import type { Language } from '@trapeza/domain/i18n';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { paymentsBundle } from '../i18n/loaders.ts';

export async function usePaymentLanguage(lang: Language): Promise<void> {
  await loadFeatureBundle('payments', paymentsBundle, lang);
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
  functionality_modules: ['payments'],
  ordertypes: [],
  regions: [],
  working_hours: {},
};

export interface Call {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body: unknown } | undefined;

/** Mocks `fetch`: settings and place answer a plain venue unless `handler` answers first; the rest 404. */
export function mockFetch(handler: Handler, place: StorePlaceResponse = bistro) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        path: new URL(String(input), 'http://x').pathname,
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const answer =
        handler(call) ??
        (call.path === '/api/settings'
          ? { status: 200, body: { time_zone: 'Europe/Sofia' } }
          : call.path === '/api/place'
            ? { status: 200, body: place }
            : { status: 404, body: { code: 'not_found', message: 'Not found' } });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

/** Renders `ui` under /:place at `path` (router `state` optional), inside an async act (suspending texts). */
export async function renderAtPlace(ui: ReactNode, path: string, state?: unknown) {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
          <Routes>
            <Route path="/:place/*" element={<Suspense fallback={<p>loading</p>}>{ui}</Suspense>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return result;
}
