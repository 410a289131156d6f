/** Shared setup of the account component tests: texts in a language, a fetch mock at the HTTP boundary, a venue. */
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
import { accountTextLoaders } from '../hooks/use-account-texts.ts';

export async function useLanguage(lang: Language): Promise<void> {
  await loadFeatureBundle('account', accountTextLoaders, lang);
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
  functionality_modules: [],
  ordertypes: [],
  regions: [],
  working_hours: {},
};

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body: unknown } | undefined;

/** Mocks `fetch` (the api client's boundary): GET settings and place answer a plain venue; `handler` the rest. */
export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const answer =
      handler(call) ??
      (call.url.endsWith('/api/settings')
        ? { status: 200, body: {} }
        : call.url.endsWith('/api/place')
          ? { status: 200, body: bistro }
          : { status: 404, body: { code: 'not_found', message: 'Not found' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * Renders `ui` under /:place at `path`, with a fresh query client. Inside an async act: the feature texts suspend
 * through React's `use()`, whose retry only runs when act lets the promise settle.
 */
export async function renderAtPlace(ui: ReactNode, path = '/bistro/profile', pattern = '/:place/*') {
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={<Suspense fallback={<p>loading</p>}>{ui}</Suspense>} />
            <Route path="/:place" element={<p>venue home</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return result;
}
