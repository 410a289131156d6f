/** The payment component tests' defaults on top of `src/test/render-with-providers.tsx`: texts, a venue, fetch. */
import type { ReactNode } from 'react';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import type { Language } from '@trapeza/domain/i18n';
import {
  bistroPlace,
  mockFetch as mockFetchWith,
  renderWithProviders,
  switchFeatureLanguage,
  type Handler,
} from '../../../test/render-with-providers.tsx';
import { paymentsBundle } from '../i18n/loaders.ts';

export type { Call } from '../../../test/render-with-providers.tsx';

export async function usePaymentLanguage(lang: Language): Promise<void> {
  await switchFeatureLanguage('payments', paymentsBundle, lang);
}

const bistro: StorePlaceResponse = bistroPlace(['payments']);

/** Mocks `fetch`: settings and place answer a plain venue unless `handler` answers first; the rest 404. */
export function mockFetch(handler: Handler, place: StorePlaceResponse = bistro) {
  return mockFetchWith(handler, (call) =>
    call.path === '/api/settings'
      ? { status: 200, body: { time_zone: 'Europe/Sofia' } }
      : call.path === '/api/place'
        ? { status: 200, body: place }
        : undefined,
  );
}

/** Renders `ui` under /:place at `path` (router `state` optional), inside an async act (suspending texts). */
export async function renderAtPlace(ui: ReactNode, path: string, state?: unknown) {
  return renderWithProviders(ui, { path, state });
}
