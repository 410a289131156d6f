import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreBooking } from '@trapeza/domain/contracts/bookings';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { MyBookings } from './my-bookings.tsx';
import { mockFetch, renderAtPlace, useBookingLanguage, type Call } from '../test/booking-test-utils.tsx';

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-03T10:00:00Z'));
  await useBookingLanguage('en');
  useSessionStore.getState().setAuthToken('user.token.x');
  useAccountStore.getState().setUser({
    id: 3,
    first_name: 'Guest',
    last_name: 'Demo',
    email: 'guest@demo.test',
    phone: null,
    address: null,
    points: 0,
    accumulated_amount: 0,
    role: 'USER',
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
});

const booking = (id: number, date: string, status: StoreBooking['status']): StoreBooking => ({
  reservationId: id,
  status,
  canceled: status === 'cancelled',
  date,
  time: '19:00',
  end_time: '21:00',
  people: 2,
  hall: null,
  product: null,
  name: 'Guest Demo',
  place: { slug: 'bistro', name: 'Bistro' },
  expires_at: null,
  created_at: '2026-03-01T10:00:00Z',
});

test('my bookings on the profile: the list with the token, cancel after a confirm for upcoming ones only', async () => {
  const path = (c: Call) => new URL(c.url, 'http://x').pathname;
  const calls = mockFetch((c) => {
    if (path(c) === '/api/users/bookings')
      return {
        status: 200,
        body: [booking(7, '2026-03-05', 'confirmed'), booking(5, '2026-02-20', 'seated')],
      };
    if (path(c) === '/api/users/bookings/7/cancel')
      return { status: 200, body: booking(7, '2026-03-05', 'cancelled') };
    return undefined;
  });
  await renderAtPlace(<MyBookings />, '/bistro/profile');
  const items = await screen.findAllByTestId('my-booking');
  expect(items).toHaveLength(2);
  expect(calls.find((c) => path(c) === '/api/users/bookings')?.headers).toMatchObject({
    authorization: 'Bearer user.token.x',
  });
  expect(within(items[1]!).queryByRole('button', { name: 'Cancel' })).toBeNull();

  const user = userEvent.setup();
  await user.click(within(items[0]!).getByRole('button', { name: 'Cancel' }));
  await user.click(within(items[0]!).getByRole('button', { name: 'Cancel the booking' }));
  await vi.waitFor(() =>
    expect(within(items[0]!).getByTestId('booking-status').textContent).toBe('Cancelled'),
  );
  expect(within(items[0]!).queryByRole('button', { name: 'Cancel' })).toBeNull();
  expect(calls.find((c) => path(c) === '/api/users/bookings/7/cancel')?.method).toBe('POST');
});
