import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { StorePlaceResponse } from '@trapeza/domain/contracts/places';
import { encodeWireMoney } from '@trapeza/domain/contracts/wire-money';
import { createQueryClient } from '../lib/query-client.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { category, product } from '../test/fixtures.ts';
import { AppRoutes } from './router.tsx';

const place: StorePlaceResponse = {
  id: 1,
  slug: 'bistro',
  name: 'Бистро',
  translations: { en: { name: 'Bistro' } },
  client: { id: 1, slug: 'demo', name: 'Demo' },
  address: null,
  phone: null,
  email: null,
  lat: null,
  lng: null,
  city_id: null,
  functionality_modules: ['feedback'],
  ordertypes: [],
  regions: [],
  working_hours: {},
};

const tree = [
  category({ id: 1, slug: 'salads', name: 'Салати', translations: { en: { name: 'Salads' } } }),
  category({ id: 2, slug: 'soups', name: 'Супи' }),
  category({ id: 3, slug: 'spa', name: 'Спа', type: 'link', links: [{ link: 'https://spa.test/book' }] }),
  category({
    id: 4,
    slug: 'more',
    name: 'Още',
    type: 'link',
    links: [{ link: 'https://a.test' }, { link: '/feedback' }],
  }),
];
const products = [
  product({ id: 11, slug: 'shopska', name: 'Шопска салата', catHierarchyIds: [1], catHierarchyId: 1 }),
];

function mockApi(known: string[] = ['bistro']) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (!known.includes(headers.place ?? '')) {
      return new Response(JSON.stringify({ code: 'place_not_found', message: 'Няма такова място' }), {
        status: 404,
      });
    }
    const body = url.includes('/api/settings')
      ? { subcategories_design: { value: '2' } }
      : url.includes('/api/place')
        ? place
        : url.includes('/api/categoriesHierarchy')
          ? tree
          : url.includes('/api/products')
            ? products
            : url.includes('/api/ingredients')
              ? []
              : null;
    // The API writes amounts in the venue currency (issue 25 #1); the fixtures are in minor units like the app.
    return new Response(JSON.stringify(encodeWireMoney(body)), { status: body === null ? 404 : 200 });
  });
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // The venue's welcome banner (features/place/welcome-seen.ts) was closed in this browser session.
  document.cookie = 'welcome_seen_bistro=1; path=/';
  vi.stubGlobal('fetch', mockApi());
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().clearOrderToken();
});

describe('routes (spec §2)', () => {
  test('/404 shows the error text and a Back button', async () => {
    renderAt('/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Грешка 404' })).toBeTruthy();
    expect(screen.getByText('Търсената страница не беше намерена!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Назад' })).toBeTruthy();
  });

  test('an unknown place redirects to /404', async () => {
    renderAt('/no-such-place');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Грешка 404' }, { timeout: 4000 }),
    ).toBeTruthy();
  });

  test('an unknown path redirects to /404', async () => {
    renderAt('/bistro/a/b/c');
    expect(await screen.findByRole('heading', { level: 1, name: 'Грешка 404' })).toBeTruthy();
  });

  test('/platform/invite/:token is the invitation page, not a guest product page of a place "platform"', async () => {
    // Three segments: `/:place/:catSlug/:prodSlug` outranks a `/platform/*` child, so the invitation has its own route.
    renderAt('/platform/invite/AbCdEfGhIjKlMnOpQrStUvWx');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Връзката за покана не е валидна' },
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Грешка 404' })).toBeNull();
  });

  test('/bistro lists the root categories with one h1 and the link-category rules', async () => {
    renderAt('/bistro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Бистро' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: /^Салати/ }).getAttribute('href')).toBe('/bistro/salads');
    // A single link opens directly, in a new tab.
    const spa = screen.getByRole('link', { name: /Спа/ });
    expect(spa.getAttribute('href')).toBe('https://spa.test/book');
    expect(spa.getAttribute('target')).toBe('_blank');
    // Several links open the links modal; /feedback becomes the in-app page.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Още' }));
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(
      within(dialog).getByRole('link', { name: 'Обратна връзка', hidden: true }).getAttribute('href'),
    ).toBe('/bistro/feedback');
  });

  test('switched-off modules: their pages are /404 and their links are gone (issue 24)', async () => {
    const modules = place.functionality_modules;
    place.functionality_modules = [];
    try {
      for (const path of ['/bistro/feedback', '/bistro/gallery', '/bistro/offers']) {
        const { unmount } = renderAt(path);
        expect(await screen.findByRole('heading', { level: 1, name: 'Грешка 404' }), path).toBeTruthy();
        unmount();
      }
      renderAt('/bistro');
      expect(await screen.findByRole('heading', { level: 1, name: 'Бистро' })).toBeTruthy();
      // "Още" keeps its other link only: it opens directly, no modal offering the feedback page.
      expect(screen.getByRole('link', { name: /^Още/ }).getAttribute('href')).toBe('https://a.test');
      expect(screen.queryByRole('link', { name: /Галерия/ })).toBeNull();
    } finally {
      place.functionality_modules = modules;
    }
  });

  test("a legal page without the venue's own text shows the default text, loaded with the page", async () => {
    renderAt('/bistro/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Общи условия' })).toBeTruthy();
    expect(
      screen.getByText('С използването на това меню приемате общите условия на заведението.'),
    ).toBeTruthy();
  });

  test('a category page shows sibling tabs and its product cards', async () => {
    renderAt('/bistro/salads');
    expect(await screen.findByRole('heading', { level: 1, name: 'Салати' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Категории' });
    expect(within(tabs).getByRole('link', { name: 'Салати' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Шопска салата' }).getAttribute('href')).toBe(
      '/bistro/salads/shopska',
    );
  });

  test('a link category opens with ?room_number when a room number is stored', async () => {
    useSessionStore.getState().setOrderToken({
      token: 'r1',
      place: 'bistro',
      ordertype: 6,
      room_number: '104',
      table: null,
      tablet_mode: false,
    });
    renderAt('/bistro');
    const spa = await screen.findByRole('link', { name: /Спа/ });
    expect(spa.getAttribute('href')).toBe('https://spa.test/book?room_number=104');
  });
});
