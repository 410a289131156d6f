/**
 * Shared setup of the feature component tests: a feature's texts in a language, a venue, `fetch` mocked at the HTTP
 * boundary (the api client's), and a render under `/:place` with a fresh query client. Each feature's
 * `test/*-test-utils.tsx` keeps its own defaults (modules of the venue, answers, default path) on top of these.
 */
import { Suspense, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import type { Language } from '@trapeza/domain/i18n';
import { changeLanguage } from '../i18n/i18n.ts';
import { loadFeatureBundle, type FeatureBundleLoaders } from '../i18n/feature-bundles.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** Loads a feature's texts in `lang` and switches to it. */
export async function switchFeatureLanguage(
  feature: string,
  loaders: FeatureBundleLoaders,
  lang: Language,
): Promise<void> {
  await loadFeatureBundle(feature, loaders, lang);
  await changeLanguage(lang);
}

/** The demo venue `bistro` with the given functionality modules. */
export function bistroPlace(functionalityModules: string[] = []): StorePlaceResponse {
  return {
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
    functionality_modules: functionalityModules,
    ordertypes: [],
    regions: [],
    working_hours: {},
  };
}

export interface Call {
  url: string;
  /** The URL's path, without the query. */
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown };
export type Handler = (call: Call) => Answer | undefined;

/**
 * Mocks `fetch`: `handler` answers first, then `fallback` (the feature's plain venue: settings, place…), then a 404.
 * Answers every call made, in order.
 */
export function mockFetch(handler: Handler, fallback: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const call: Call = {
        url,
        path: new URL(url, 'http://x').pathname,
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const answer = handler(call) ??
        fallback(call) ?? { status: 404, body: { code: 'not_found', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

export interface RenderOptions {
  /** Where the router starts, with its query (`/bistro/pay?x=1`). */
  path: string;
  /** The route `ui` is mounted on. */
  pattern?: string;
  /** Router location state. */
  state?: unknown;
  /** Also mount `/:place` with the text "venue home", for tests that leave to the venue's home. */
  venueHome?: boolean;
}

/**
 * Renders `ui` with a fresh query client and a memory router. Inside an async act: the feature texts suspend
 * through React's `use()`, whose retry only runs when act lets the promise settle.
 */
export async function renderWithProviders(ui: ReactNode, options: RenderOptions) {
  const { path, pattern = '/:place/*', state, venueHome = false } = options;
  const [pathname = path, search] = path.split('?');
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter
          initialEntries={[{ pathname, search: search === undefined ? '' : `?${search}`, state }]}
        >
          <Routes>
            <Route path={pattern} element={<Suspense fallback={<p>loading</p>}>{ui}</Suspense>} />
            {venueHome && <Route path="/:place" element={<p>venue home</p>} />}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return result;
}
