import { Suspense } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AdminGoLiveResponse } from '@trapeza/domain/contracts/admin';
import { createQueryClient } from '../../../lib/query-client.ts';
import { switchFeatureLanguage } from '../../../test/render-with-providers.tsx';
import { useAdminPlaceStore } from '../hooks/admin-place-store.ts';
import { adminBundle } from '../i18n/loaders.ts';
import { GoLivePage } from './go-live-page.tsx';

let state: AdminGoLiveResponse;
let patches: unknown[] = [];

beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'en'));
beforeEach(() => {
  patches = [];
  state = {
    live: false,
    live_at: null,
    cash_only: false,
    qr_sheet_downloaded_at: null,
    items: [
      { key: 'menu', done: true },
      { key: 'hours', done: true },
      { key: 'order_types', done: true },
      { key: 'tables', done: false },
      { key: 'payments', done: false },
      { key: 'staff', done: false },
    ],
  };
  useAdminPlaceStore.setState({ place: { slug: 'nov', clientSlug: 'demo', name: 'Nov' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { live?: boolean; cash_only?: boolean };
        patches.push(body);
        if (body.live !== undefined) state = { ...state, live: body.live, live_at: '2026-11-26T10:00:00Z' };
        if (body.cash_only !== undefined)
          state = {
            ...state,
            cash_only: body.cash_only,
            items: state.items.map((i) => (i.key === 'payments' ? { ...i, done: body.cash_only! } : i)),
          };
      }
      return new Response(JSON.stringify(state), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('GoLivePage', () => {
  it('lists the items with their links, ticks cash only and marks the venue live', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Suspense fallback={null}>
            <GoLivePage />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Go-live checklist' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items.map((i) => i.getAttribute('data-done'))).toEqual(['1', '1', '1', '0', '0', '0']);
    expect(
      within(items[3]!).getByRole('link', { name: 'Open tables and QR codes' }).getAttribute('href'),
    ).toBe('/nov/staff/tables');
    expect(within(items[0]!).getByRole('link', { name: 'Open the menu' }).getAttribute('href')).toBe(
      '/admin/menu',
    );
    expect(screen.getByText('3 of 6 done')).toBeTruthy();
    expect(screen.getByText('3 items are still open. You can go live anyway.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Cash only (no online payments)' }));
    expect(patches).toEqual([{ cash_only: true }]);
    expect(await screen.findByText('4 of 6 done')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Mark the venue live' }));
    expect(patches).toContainEqual({ live: true });
    expect((await screen.findByTestId('go-live-state')).textContent).toContain('Live since');
    expect(screen.getByRole('button', { name: 'Back to “coming soon”' })).toBeTruthy();
  });
});
