import { beforeAll, describe, expect, test, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../../../i18n/i18n.ts';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { staffTextLoaders } from '../hooks/use-staff-texts.ts';
import { cookedStatus, kitchenOrders, needsCooking } from '../lib/kitchen.ts';
import { staffOrder } from '../test/staff-fixtures.ts';
import { KitchenList } from './kitchen-view.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadFeatureBundle('staff', staffTextLoaders, 'en');
});

const NOW = Date.parse('2026-12-01T10:30:00.000Z');

const orders = [
  staffOrder({ id: 1, key: 'LATE', requested_time: '01.12 13:00', created_at: '2026-12-01T09:00:00.000Z' }),
  staffOrder({ id: 2, key: 'ASAP2', created_at: '2026-12-01T10:20:00.000Z' }),
  staffOrder({ id: 3, key: 'SOON', requested_time: '01.12 11:15', created_at: '2026-12-01T10:25:00.000Z' }),
  staffOrder({ id: 4, key: 'ASAP1', created_at: '2026-12-01T10:05:00.000Z' }),
  staffOrder({ id: 5, key: 'COOKED', status: 'cooked_spot', next_statuses: ['served_spot', 'paid'] }),
  staffOrder({ id: 6, key: 'SERVED', status: 'served_spot', next_statuses: ['paid'] }),
  staffOrder({ id: 7, key: 'REJECTED', status: 'rejected', next_statuses: [] }),
  staffOrder({ id: 8, key: 'PAID', status: 'paid', next_statuses: [] }),
  staffOrder({
    id: 9,
    key: 'ROOM',
    type: 6,
    table: { id: 9, number: '204', kind: 'room' },
    requested_time: '02.12 08:00',
    next_statuses: ['cooked_room', 'rejected'],
  }),
];

const headings = () =>
  within(screen.getByRole('list', { name: 'Kitchen' }))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.tagName === 'OL')
    .map((li) => li.getAttribute('aria-label'));

describe('kitchen rules (domain transition table)', () => {
  test('only ordered orders with a cooked_* step are to cook; the step per type', () => {
    expect(orders.filter(needsCooking).map((o) => o.id)).toEqual([1, 2, 3, 4, 9]);
    expect(cookedStatus(staffOrder({ id: 1, type: 2 }))).toBe('cooked_delivery');
    expect(cookedStatus(staffOrder({ id: 1, type: 3 }))).toBe('cooked_preorder');
    expect(cookedStatus(staffOrder({ id: 1, type: 6 }))).toBe('cooked_room');
    expect(cookedStatus(staffOrder({ id: 1, status: 'cooked_spot' }))).toBeNull();
  });

  test('ASAP first by creation, then by requested time (a January time of a December order is next year)', () => {
    expect(kitchenOrders(orders).map((o) => o.key)).toEqual(['ASAP1', 'ASAP2', 'SOON', 'LATE', 'ROOM']);
    const newYear = staffOrder({ id: 20, requested_time: '02.01 09:00', created_at: '2026-12-31T10:00:00Z' });
    const eve = staffOrder({ id: 21, requested_time: '31.12 23:00', created_at: '2026-12-31T10:00:00Z' });
    expect(kitchenOrders([newYear, eve]).map((o) => o.id)).toEqual([21, 20]);
  });

  test('the dated form the server stores sorts by its time too (it sorted last as unreadable before)', () => {
    const created = '2026-11-24T10:00:00Z';
    const thursday = staffOrder({ id: 30, requested_time: '2026-11-26 09:15', created_at: created });
    const tonight = staffOrder({ id: 31, requested_time: '2026-11-24 19:00', created_at: created });
    const legacy = staffOrder({ id: 32, requested_time: '25.11 08:00', created_at: created });
    expect(kitchenOrders([thursday, tonight, legacy]).map((o) => o.id)).toEqual([31, 32, 30]);
  });
});

describe('kitchen list', () => {
  test('shows only the orders to cook, sorted by requested time', () => {
    render(<KitchenList orders={orders} onCooked={vi.fn()} now={NOW} />);
    expect(headings()).toEqual(['Order #ASAP1', 'Order #ASAP2', 'Order #SOON', 'Order #LATE', 'Order #ROOM']);
    for (const gone of ['COOKED', 'SERVED', 'REJECTED', 'PAID'])
      expect(screen.queryByText(`Order #${gone}`)).toBeNull();
  });

  test('renders where, lines with quantities, ingredients, comments and the age in minutes', () => {
    render(
      <KitchenList
        orders={[
          staffOrder({ id: 1, key: 'A1', comment: 'allergy: nuts', created_at: '2026-12-01T10:05:00.000Z' }),
        ]}
        onCooked={vi.fn()}
        now={NOW}
      />,
    );
    const card = screen.getByRole('listitem', { name: 'Order #A1' });
    expect(within(card).getByText('Table 3')).toBeTruthy();
    expect(within(card).getByText('As soon as possible')).toBeTruthy();
    expect(within(card).getByText('25 min')).toBeTruthy();
    expect(card.textContent).toContain('2 × Шопска салата (350 г)');
    expect(within(card).getByText('without Лук')).toBeTruthy();
    expect(within(card).getByText('+ Сирене')).toBeTruthy();
    expect(within(card).getByText('„без лук“')).toBeTruthy();
    expect(within(card).getByText('Comment: allergy: nuts')).toBeTruthy();
  });

  test('"Cooked" sends the next cooked_* status of the order type', async () => {
    const onCooked = vi.fn(() => Promise.resolve());
    const room = orders[8]!;
    render(<KitchenList orders={[room]} onCooked={onCooked} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cooked' }));
    expect(onCooked).toHaveBeenCalledWith(room, 'cooked_room');
  });

  test('an empty kitchen says so', () => {
    render(<KitchenList orders={[orders[4]!]} onCooked={vi.fn()} now={NOW} />);
    expect(screen.getByText('Nothing to cook.')).toBeTruthy();
  });
});

describe('future orders (issue 24 #3)', () => {
  // Tomorrow 09:00 (Sofia), preparation 20 min: starts 06:40 UTC.
  const future = staffOrder({
    id: 30,
    key: 'TOMORROW',
    number: 7,
    type: 3,
    table: null,
    requested_time: '2026-12-02 09:00',
    scheduled_start: '2026-12-02T06:40:00.000Z',
    next_statuses: ['cooked_preorder', 'rejected'],
  });
  const asap = staffOrder({ id: 31, key: 'NOW', number: 6 });

  test('wait in the "later" list, marked with their time and no "Cooked", until their start', () => {
    const { unmount } = render(<KitchenList orders={[future, asap]} onCooked={vi.fn()} now={NOW} />);
    expect(headings()).toEqual(['Order #6']);
    const later = screen.getByRole('list', { name: 'Later (pre-orders)' });
    const item = within(later).getByRole('listitem', { name: 'Order #7' });
    expect(item.textContent).toContain('Pre-order for 2026-12-02 09:00 · Start at');
    expect(within(item).queryByRole('button', { name: 'Cooked' })).toBeNull();
    unmount();
  });

  test('from their start on, in the queue by requested time, still marked', () => {
    render(
      <KitchenList orders={[future, asap]} onCooked={vi.fn()} now={Date.parse('2026-12-02T06:40:00.000Z')} />,
    );
    expect(headings()).toEqual(['Order #6', 'Order #7']);
    expect(screen.queryByRole('list', { name: 'Later (pre-orders)' })).toBeNull();
    expect(screen.getByText('Pre-order for 2026-12-02 09:00')).not.toBeNull();
  });
});
