/** The account component tests' defaults on top of `src/test/render-with-providers.tsx`: texts, a venue, fetch. */
import type { ReactNode } from 'react';
import type { Language } from '@trapeza/domain/i18n';
import {
  bistroPlace,
  mockFetch as mockFetchWith,
  renderWithProviders,
  switchFeatureLanguage,
  type Handler,
} from '../../../test/render-with-providers.tsx';
import { accountTextLoaders } from '../hooks/use-account-texts.ts';

export async function useLanguage(lang: Language): Promise<void> {
  await switchFeatureLanguage('account', accountTextLoaders, lang);
}

/** The venue's loyalty module on: the profile shows points and the accumulated amount. */
export const bistro = bistroPlace(['loyalty']);

/** Mocks `fetch` (the api client's boundary): GET settings and place answer a plain venue; `handler` the rest. */
export function mockFetch(handler: Handler) {
  return mockFetchWith(handler, (call) =>
    call.url.endsWith('/api/settings')
      ? { status: 200, body: {} }
      : call.url.endsWith('/api/place')
        ? { status: 200, body: bistro }
        : undefined,
  );
}

/** Renders `ui` under /:place at `path` (beside the venue's home at /:place), with a fresh query client. */
export async function renderAtPlace(ui: ReactNode, path = '/bistro/profile', pattern = '/:place/*') {
  return renderWithProviders(ui, { path, pattern, venueHome: true });
}
