import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { switchFeatureLanguage } from '../../../../test/render-with-providers.tsx';
import type { AdminOrderTypeRow } from '../../api/zones.ts';
import { useAdminPlaceStore } from '../../hooks/admin-place-store.ts';
import { adminBundle } from '../../i18n/loaders.ts';
import { chooseOption } from '../../../../test/choose-option.ts';
import { OrderTypeCard } from './order-type-card.tsx';

const pickup: AdminOrderTypeRow = {
  id: 7,
  type: ORDER_TYPES.PREORDER,
  active: 1,
  prices: [
    { price_over: 0, price: 300 },
    { price_over: 5000, price: 0 },
  ],
  discounts: [
    {
      id: 1,
      price_over: 2000,
      value: 10,
      value_type: 'percent',
      active_start_time: null,
      active_end_time: null,
    },
  ],
  radiuses: [],
  delivery_shapes: [],
};

let puts: { url: string; body: unknown }[] = [];

beforeAll(() => switchFeatureLanguage('admin', adminBundle, 'en'));
beforeEach(() => {
  puts = [];
  useAdminPlaceStore.setState({ place: { slug: 'bistro', clientSlug: 'demo', name: 'Bistro' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') puts.push({ url: String(input), body: JSON.parse(String(init.body)) });
      return new Response('{}', { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCard(orderType: AdminOrderTypeRow) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderTypeCard orderType={orderType} center={[42.7, 23.3]} />
    </QueryClientProvider>,
  );
}

describe('OrderTypeCard', () => {
  // Money in minor units, as the card holds it (the admin client converts on the wire).
  it('edits the price tiers: removes one, adds one, saves the list', async () => {
    renderCard(pickup);
    const user = userEvent.setup();
    const removes = () => screen.getAllByRole('button', { name: 'Remove' });
    expect(removes()).toHaveLength(3); // two price tiers, one discount tier
    await user.click(removes()[0]!);
    await user.click(screen.getAllByRole('button', { name: 'Add a tier' })[0]!);
    const overs = screen.getAllByLabelText('From order total');
    expect(overs).toHaveLength(3); // two price tiers again, the discount's
    await user.clear(overs[1]!);
    await user.type(overs[1]!, '20');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    await screen.findByText(/saved/i);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toContain('admin/order-types/7/prices');
    expect(puts[0]!.body).toEqual([
      { price_over: 5000, price: 0 },
      { price_over: 2000, price: 0 },
    ]);
  });

  it('edits the discount tiers: a money tier with a window is added, the old one removed, then saved', async () => {
    renderCard(pickup);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[2]!);
    await user.click(screen.getAllByRole('button', { name: 'Add a tier' })[1]!);
    await chooseOption(user, screen.getByRole('combobox', { name: 'Kind' }), 'Amount');
    await user.clear(screen.getAllByLabelText('Value')[0]!);
    await user.type(screen.getAllByLabelText('Value')[0]!, '2.50');
    // The window's start is a time field (components/ui TimeField): hour then minute typed into its segments.
    await user.click(screen.getByRole('spinbutton', { name: /^hour,\s+From$/ }));
    await user.keyboard('1100');
    await user.click(screen.getByRole('button', { name: 'Save discounts' }));
    await screen.findByText(/saved/i);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toContain('admin/order-types/7/discounts');
    expect(puts[0]!.body).toEqual([
      { price_over: 0, value: 250, value_type: 'money', active_start_time: '11:00', active_end_time: null },
    ]);
  });

  it('shows the delivery radiuses and zones for delivery only', () => {
    renderCard(pickup);
    expect(screen.queryByText('Delivery radiuses')).toBeNull();
    renderCard({ ...pickup, id: 8, type: ORDER_TYPES.DELIVERY });
    expect(screen.getByText('Delivery radiuses')).toBeTruthy();
  });
});
