import { beforeAll, describe, expect, test, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost } from '../../../components/ui/confirm-dialog.tsx';
import { initI18n } from '../../../i18n/i18n.ts';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { staffTextLoaders } from '../hooks/use-staff-texts.ts';
import { staffOrder } from '../test/staff-fixtures.ts';
import { legalNextStatuses, OrderCard, type OrderCardProps } from './order-card.tsx';

beforeAll(async () => {
  await initI18n('en');
  await loadFeatureBundle('staff', staffTextLoaders, 'en');
});

function renderCard(over: Partial<OrderCardProps> = {}) {
  const props: OrderCardProps = {
    order: staffOrder({ id: 1 }),
    lang: 'en',
    onStatus: vi.fn(() => Promise.resolve()),
    onTable: vi.fn(() => Promise.resolve()),
    onAcknowledge: vi.fn(),
    ...over,
  };
  render(<OrderCard {...props} />);
  return props;
}

const ALL_ACTION_LABELS = ['Cooked', 'Served', 'On the way', 'Ready for pickup', 'Paid', 'Reject…'];
const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('order card: only the legal next statuses (domain transition table)', () => {
  test.each([
    // [type, status, next_statuses from the server, buttons shown]
    [
      1,
      'ordered',
      ['cooked_spot', 'served_spot', 'paid', 'rejected'],
      ['Cooked', 'Served', 'Paid', 'Reject…'],
    ],
    [1, 'served_spot', ['paid'], ['Paid']],
    [
      2,
      'ordered',
      ['cooked_delivery', 'on_the_way_delivery', 'rejected'],
      ['Cooked', 'On the way', 'Reject…'],
    ],
    [2, 'on_the_way_delivery', ['paid'], ['Paid']],
    [3, 'cooked_preorder', ['paid', 'rejected'], ['Paid', 'Reject…']],
    [6, 'ordered', ['cooked_room', 'rejected'], ['Cooked', 'Reject…']],
    [1, 'paid', [], []],
    [1, 'rejected', [], []],
  ])('type %i in %s', (type, status, next, shown) => {
    renderCard({ order: staffOrder({ id: 1, type, status, next_statuses: next, table: null }) });
    const names = buttonNames().filter((n) => n !== null && ALL_ACTION_LABELS.includes(n));
    expect(names).toEqual(shown);
  });

  test('a status the domain table does not allow is never offered, even if the server listed it', () => {
    const stale = staffOrder({
      id: 1,
      type: 1,
      status: 'served_spot',
      next_statuses: ['paid', 'rejected', 'cooked_spot'],
    });
    expect(legalNextStatuses(stale)).toEqual(['paid']);
    renderCard({ order: stale });
    expect(screen.queryByRole('button', { name: 'Reject…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cooked' })).toBeNull();
  });

  test('a forward button sends that status', async () => {
    const props = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Served' }));
    expect(props.onStatus).toHaveBeenCalledWith('served_spot');
  });
});

describe('order card: rejecting requires a reason', () => {
  test('an empty reason is refused with a message; a written one is sent trimmed', async () => {
    const props = renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const reason = screen.getByLabelText('Reason for rejecting (the guest sees it)');
    await userEvent.type(reason, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject order' }));
    expect(props.onStatus).not.toHaveBeenCalled();
    expect(screen.getByText('Please write a reason.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(reason, ' Out of lemons ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject order' }));
    expect(props.onStatus).toHaveBeenCalledWith('rejected', 'Out of lemons');
  });

  test('a refused change shows the server’s reason in words', async () => {
    const { ApiRequestError } = await import('../../../lib/api-client.ts');
    const onStatus = vi.fn(() =>
      Promise.reject(new ApiRequestError(1, 409, { code: 'status_conflict', message: 'x' }, 'x')),
    );
    renderCard({ onStatus });
    await userEvent.click(screen.getByRole('button', { name: 'Paid' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Someone else changed this order first/);
  });
});

describe('order card: what the waiter reads', () => {
  test('lines with ingredients and comments, table, payment and total in the venue currency', () => {
    renderCard({ fresh: true });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toContain('Table 3');
    expect(screen.getByText('without Лук')).toBeTruthy();
    expect(screen.getByText(/\+ Сирене/)).toBeTruthy();
    expect(screen.getByText('„без лук“')).toBeTruthy();
    expect(screen.getByText(/Cash/)).toBeTruthy();
    expect(screen.getAllByText('17.80 лв.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  test('delivery shows the customer and the address', () => {
    renderCard({
      order: staffOrder({
        id: 2,
        type: 2,
        table: null,
        next_statuses: ['cooked_delivery', 'on_the_way_delivery', 'rejected'],
        customer: { name: 'Мария', phone: '+359888123456', email: null },
        address: {
          address: 'ул. Шипка',
          street_number: '12',
          floor: '3',
          apartment: null,
          bell: null,
          entrance: 'Б',
          postal_code: null,
          region_id: null,
          lat: null,
          lng: null,
        },
        requested_time: '01.12 13:30',
      }),
    });
    expect(screen.getByText('ул. Шипка 12, entrance Б, floor 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+359888123456' }).getAttribute('href')).toBe(
      'tel:+359888123456',
    );
    expect(screen.getByText('01.12 13:30')).toBeTruthy();
  });
});

describe('order card: the fee row names what it is (issue 24)', () => {
  const withFee = (type: number) =>
    staffOrder({
      id: 1,
      type,
      status: 'ordered',
      table: null,
      price: { ...staffOrder({ id: 1 }).price, delivery_fee: 150 },
    });
  test('a pickup’s service fee is not called “Delivery”', () => {
    renderCard({ order: withFee(3) });
    expect(screen.getByRole('rowheader', { name: 'Service fee' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Delivery' })).toBeNull();
  });
  test('a delivery’s fee is', () => {
    renderCard({ order: withFee(2) });
    expect(screen.getByRole('rowheader', { name: 'Delivery' })).toBeTruthy();
  });
});

describe('order card: blocking the guest’s device (spec §6, issue 24)', () => {
  test('asks first; confirmed, blocks the order’s device once and says so; cancelled, nothing', async () => {
    const onBlockDevice = vi.fn(() => Promise.resolve());
    render(
      <>
        <OrderCard
          order={staffOrder({ id: 1, device_id: 'dev-abc' })}
          lang="en"
          onStatus={vi.fn(() => Promise.resolve())}
          onTable={vi.fn(() => Promise.resolve())}
          onAcknowledge={vi.fn()}
          onBlockDevice={onBlockDevice}
        />
        <ConfirmHost />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Block this device' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block the guest’s device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onBlockDevice).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Block this device' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Block the guest’s device?' })).getByRole(
        'button',
        {
          name: 'Block',
        },
      ),
    );
    expect(onBlockDevice).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The device is blocked.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Block this device' })).toBeNull();
  });

  test('an order without a device offers no block button', () => {
    renderCard({ order: staffOrder({ id: 1, device_id: null }), onBlockDevice: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Block this device' })).toBeNull();
  });
});
