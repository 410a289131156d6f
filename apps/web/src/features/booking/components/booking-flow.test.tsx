import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreCreateBookingResponse } from '@trapeza/domain/contracts/bookings';
import { useAccountStore } from '../../../stores/account-store.ts';
import { BookingPage } from './booking-page.tsx';
import {
  bistro,
  mockFetch,
  renderAtPlace,
  setup,
  useBookingLanguage,
  type Call,
} from '../test/booking-test-utils.tsx';

const TUESDAY_NOON_SOFIA = new Date('2026-03-03T10:00:00Z');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TUESDAY_NOON_SOFIA);
  await useBookingLanguage('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
});

const path = (c: Call) => new URL(c.url, 'http://x').pathname;
const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;
const hall = (id: number) => ({ id, name: id === 1 ? 'Main hall' : 'Terrace' });

const created: StoreCreateBookingResponse = {
  reservationId: 41,
  status: 'confirmed',
  canceled: false,
  date: '2026-03-04',
  time: '19:15',
  end_time: '21:15',
  people: 2,
  hall: hall(1),
  product: null,
  name: 'Ivan Petrov',
  place: { slug: 'bistro', name: 'Bistro' },
  expires_at: null,
  created_at: '2026-03-03T10:00:00Z',
  cancelUrl: 'http://localhost/bistro/reservations?booking=41&token=abcdefghijkl',
  payment: null,
};

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ivan Petrov');
  await user.type(screen.getByLabelText('Phone'), '+359 888 123 456');
  await user.type(screen.getByLabelText('E-mail'), 'ivan@example.com');
  await user.click(screen.getByLabelText('I accept the terms and conditions'));
}

test('people: only the allowed party sizes are offered, two by default, and availability is asked for the chosen size', async () => {
  const calls = mockFetch((c) =>
    path(c) === '/api/bookings/halls'
      ? { status: 200, body: { ...setup, allowed_people: { min: 2, max: 4 } } }
      : path(c) === '/api/bookings/getBusyDates'
        ? { status: 200, body: [{ date: '2026-03-05' }] }
        : undefined,
  );
  await renderAtPlace(<BookingPage />);
  const people = await screen.findByRole('combobox', { name: 'Number of people' });
  expect(people.textContent).toBe('2');
  expect(screen.getByText('From 2 to 4 people')).toBeTruthy();
  await vi.waitFor(() => expect(day('2026-03-05').getAttribute('aria-disabled')).toBe('true'));
  const busy = calls.find((c) => path(c) === '/api/bookings/getBusyDates');
  expect(busy?.body).toMatchObject({ from: '2026-03-03', to: '2026-03-31', people: 2, hallId: null });
  expect(busy?.headers).toMatchObject({ place: 'bistro', lang: 'en' });

  const user = userEvent.setup();
  await user.click(people);
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['2', '3', '4']);
  await user.click(screen.getByRole('option', { name: '4' }));
  await vi.waitFor(() =>
    expect(
      calls.some(
        (c) => path(c) === '/api/bookings/getBusyDates' && (c.body as { people: number }).people === 4,
      ),
    ).toBe(true),
  );
});

test('the hours are pills of one radio group (issue 21 #2): one Tab stop, arrows move and choose, the missing hour is told on the group', async () => {
  mockFetch((c) =>
    path(c) === '/api/bookings/getBusyDates'
      ? { status: 200, body: [] }
      : path(c) === '/api/bookings/getFreeHoursForDate'
        ? {
            status: 200,
            body: ['18:00', '18:30', '19:00'].map((time) => ({ time, halls: [hall(1)] })),
          }
        : undefined,
  );
  await renderAtPlace(<BookingPage />);
  const user = userEvent.setup();
  await screen.findByLabelText('Number of people');
  await user.click(day('2026-03-04'));
  const group = await screen.findByRole('radiogroup', { name: 'Time' });
  const hours = within(group).getAllByRole<HTMLInputElement>('radio');
  expect(hours.map((h) => h.labels?.[0]?.textContent)).toEqual(['18:00', '18:30', '19:00']);
  // Sent without an hour: the error is the group's and each hour's description.
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const errorId = hours[0]!.getAttribute('aria-describedby');
  expect(errorId && document.getElementById(errorId)?.textContent).toBe('Choose a time.');
  expect(group.getAttribute('aria-describedby')).toBe(errorId);
  expect(screen.getAllByText('Choose a time.')).toHaveLength(1);
  // The keyboard: the day button before, then one Tab stop into the hours, arrows move the choice.
  day('2026-03-04').focus();
  await user.tab();
  expect(document.activeElement).toBe(hours[0]);
  await user.keyboard('{ArrowRight}');
  expect(document.activeElement).toBe(hours[1]);
  expect(hours[1]!.checked).toBe(true);
  await user.keyboard('{ArrowRight}{ArrowLeft}{ArrowLeft}');
  expect(hours[0]!.checked).toBe(true);
  expect(screen.queryByText('Choose a time.')).toBeNull();
  expect(hours[0]!.hasAttribute('aria-invalid')).toBe(false);
});

test('409 booking_slot_taken: a clear "no longer free" message, the hours are read again and the taken hour is gone', async () => {
  let hoursCalls = 0;
  const calls = mockFetch((c) => {
    if (path(c) === '/api/bookings/getBusyDates') return { status: 200, body: [] };
    if (path(c) === '/api/bookings/getFreeHoursForDate') {
      hoursCalls += 1;
      const free = [
        { time: '19:00', halls: [hall(1), hall(2)] },
        { time: '19:15', halls: [hall(1)] },
      ];
      return { status: 200, body: hoursCalls === 1 ? free : free.slice(1) };
    }
    if (path(c) === '/api/bookings' && c.method === 'POST') {
      return (c.body as { time: string }).time === '19:00'
        ? {
            status: 409,
            body: { code: 'booking_slot_taken', message: 'Този час вече не е свободен. Моля изберете друг.' },
          }
        : { status: 201, body: created };
    }
    return undefined;
  });
  await renderAtPlace(<BookingPage />);
  const user = userEvent.setup();
  await screen.findByLabelText('Number of people');
  await user.click(day('2026-03-04'));
  await user.click(await screen.findByRole('radio', { name: '19:00' }));
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: 'Book' }));

  expect(await screen.findByText('This time is no longer free. Please choose another.')).toBeTruthy();
  await vi.waitFor(() => expect(screen.queryByRole('radio', { name: '19:00' })).toBeNull());
  expect(hoursCalls).toBe(2);
  // The Terrace is not free at 19:15: only the main hall can be chosen then.
  await user.click(screen.getByRole('radio', { name: '19:15' }));
  expect(screen.queryByText('This time is no longer free. Please choose another.')).toBeNull();
  expect(
    screen.getByRole<HTMLInputElement>('radio', { name: 'Terrace (no free tables at this time)' }).disabled,
  ).toBe(true);
  await user.click(screen.getByRole('button', { name: 'Book' }));

  const result = await screen.findByTestId('booking-result');
  expect(within(result).getByRole('heading', { name: 'Booking confirmed' })).toBeTruthy();
  expect(within(result).getByText(/We have sent you a confirmation e-mail/)).toBeTruthy();
  expect(within(result).getByTestId('reservation-id').textContent).toBe('41');
  const posts = calls.filter((c) => path(c) === '/api/bookings');
  expect(posts).toHaveLength(2);
  expect(posts[1]?.body).toEqual({
    date: '2026-03-04',
    time: '19:15',
    people: 2,
    hallId: null,
    productId: null,
    variantId: null,
    name: 'Ivan Petrov',
    phone: '+359 888 123 456',
    email: 'ivan@example.com',
    comment: null,
    terms_accepted: true,
    lang: 'en',
  });
});

test("bad data shows the spec's 'Моля попълнете коректно всички данни' with the field errors, before and from the server", async () => {
  await useBookingLanguage('bg');
  const calls = mockFetch((c) => {
    if (path(c) === '/api/bookings/getBusyDates') return { status: 200, body: [] };
    if (path(c) === '/api/bookings/getFreeHoursForDate')
      return { status: 200, body: [{ time: '12:30', halls: [hall(1)] }] };
    if (path(c) === '/api/bookings')
      return {
        status: 400,
        body: { code: 'booking_invalid_data', message: 'Моля попълнете коректно всички данни' },
      };
    return undefined;
  });
  await renderAtPlace(<BookingPage />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Резервирай' }));
  expect(screen.getByRole('alert').textContent).toBe('Моля попълнете коректно всички данни');
  expect(screen.getByText('Въведете име между 3 и 40 знака.')).toBeTruthy();
  expect(screen.getByText('Изберете дата.')).toBeTruthy();
  expect(calls.some((c) => path(c) === '/api/bookings')).toBe(false);

  await user.click(day('2026-03-03'));
  await user.click(await screen.findByRole('radio', { name: '12:30' }));
  await user.type(screen.getByLabelText('Име'), 'Иван Петров');
  await user.type(screen.getByLabelText('Телефон'), '+359 888 123 456');
  await user.type(screen.getByLabelText('Имейл'), 'ivan@example.com');
  await user.click(screen.getByLabelText('Приемам общите условия'));
  await user.click(screen.getByRole('button', { name: 'Резервирай' }));
  await vi.waitFor(() => expect(calls.some((c) => path(c) === '/api/bookings')).toBe(true));
  expect((await screen.findByRole('alert')).textContent).toBe('Моля попълнете коректно всички данни');
});

test('signed in: name, phone and e-mail are prefilled from the profile', async () => {
  useAccountStore.getState().setUser({
    id: 3,
    first_name: 'Гост',
    last_name: 'Демо',
    email: 'guest@demo.test',
    phone: '+359 888 000 111',
    address: null,
    points: 0,
    accumulated_amount: 0,
    role: 'USER',
  });
  mockFetch((c) => (path(c) === '/api/bookings/getBusyDates' ? { status: 200, body: [] } : undefined));
  await renderAtPlace(<BookingPage />);
  expect((await screen.findByLabelText<HTMLInputElement>('Name')).value).toBe('Гост Демо');
  expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('+359 888 000 111');
  expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('guest@demo.test');
});

test('module off → "not available"; a fetch error → the generic §8 message', async () => {
  mockFetch(() => undefined, { ...bistro, functionality_modules: [] });
  await renderAtPlace(<BookingPage />);
  expect(await screen.findByText('Bookings are not available')).toBeTruthy();
  vi.unstubAllGlobals();

  mockFetch((c) =>
    path(c) === '/api/bookings/halls' ? { status: 500, body: { code: 'x', message: 'x' } } : undefined,
  );
  await renderAtPlace(<BookingPage />, '/bistro/reservations');
  expect(await screen.findByText(/#1/)).toBeTruthy();
});

test('the e-mailed link: shows the booking, cancels on confirm; an already cancelled booking is shown as such', async () => {
  const booking = { ...created, cancelUrl: undefined, payment: undefined };
  let cancelled = false;
  const calls = mockFetch((c) => {
    if (path(c) === '/api/bookings/41' && c.method === 'GET')
      return {
        status: 200,
        body: { ...booking, status: cancelled ? 'cancelled' : 'confirmed', canceled: cancelled },
      };
    if (path(c) === '/api/bookings/41/cancel') {
      cancelled = true;
      return { status: 200, body: { ...booking, status: 'cancelled', canceled: true } };
    }
    return undefined;
  });
  const view = await renderAtPlace(<BookingPage />, '/bistro/reservations?booking=41&token=abcdefghijkl');
  expect(await screen.findByRole('heading', { name: 'Your booking' })).toBeTruthy();
  expect((await screen.findByTestId('booking-status')).textContent).toBe('Confirmed');
  expect(calls.find((c) => path(c) === '/api/bookings/41')?.url).toContain('token=abcdefghijkl');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Cancel the booking' }));
  expect(await screen.findByText('The booking has been cancelled.')).toBeTruthy();
  expect(calls.find((c) => path(c) === '/api/bookings/41/cancel')?.body).toEqual({ token: 'abcdefghijkl' });
  view.unmount();

  await renderAtPlace(<BookingPage />, '/bistro/reservations?booking=41&token=abcdefghijkl');
  expect(await screen.findByText('This booking has already been cancelled.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Cancel the booking' })).toBeNull();
});

test('double opt-in link: awaiting confirmation → "Confirm the booking" → confirmed; an expired one says to book again', async () => {
  const booking = { ...created, cancelUrl: undefined, payment: undefined };
  let status = 'pending_confirmation';
  const calls = mockFetch((c) => {
    if (path(c) === '/api/bookings/41' && c.method === 'GET')
      return {
        status: 200,
        body: { ...booking, status, expires_at: status === 'confirmed' ? null : '2026-03-03T10:30:00Z' },
      };
    if (path(c) === '/api/bookings/41/confirm') {
      if (status === 'expired')
        return { status: 409, body: { code: 'booking_not_confirmable', message: 'x' } };
      status = 'confirmed';
      return { status: 200, body: { ...booking, status: 'confirmed', expires_at: null } };
    }
    return undefined;
  });
  const view = await renderAtPlace(<BookingPage />, '/bistro/reservations?booking=41&token=abcdefghijkl');
  expect((await screen.findByTestId('booking-status')).textContent).toBe('Awaiting confirmation');
  // Sofia is UTC+2: held until 12:30 venue time.
  expect(screen.getByText(/^Your booking is not confirmed yet\. Confirm it by 12:30/)).toBeTruthy();
  // Opening the link confirmed nothing: only the button does.
  expect(calls.some((c) => path(c) === '/api/bookings/41/confirm')).toBe(false);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Confirm the booking' }));
  expect(
    await screen.findByText('Your booking is confirmed. We have sent you a confirmation e-mail.'),
  ).toBeTruthy();
  expect(screen.getByTestId('booking-status').textContent).toBe('Confirmed');
  expect(calls.find((c) => path(c) === '/api/bookings/41/confirm')?.body).toEqual({ token: 'abcdefghijkl' });
  expect(screen.queryByRole('button', { name: 'Confirm the booking' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Cancel the booking' })).toBeTruthy();
  view.unmount();

  status = 'expired';
  await renderAtPlace(<BookingPage />, '/bistro/reservations?booking=41&token=abcdefghijkl');
  expect(await screen.findByText(/can no longer be confirmed/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Confirm the booking' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Cancel the booking' })).toBeNull();
});

test('after booking with e-mail confirmation: "Confirm your booking", the e-mail and the hold time; limits are explained', async () => {
  let answer: { status: number; body: unknown } = {
    status: 429,
    body: { code: 'rate_limited', message: 'Too many requests, try again later.' },
  };
  mockFetch((c) => {
    if (path(c) === '/api/bookings/halls') return { status: 200, body: setup };
    if (path(c) === '/api/bookings/getBusyDates') return { status: 200, body: [] };
    if (path(c) === '/api/bookings/getFreeHoursForDate')
      return { status: 200, body: [{ time: '19:15', halls: [hall(1)] }] };
    if (path(c) === '/api/bookings') return answer;
    return undefined;
  });
  await renderAtPlace(<BookingPage />);
  const user = userEvent.setup();
  await screen.findByLabelText('Number of people');
  await user.click(day('2026-03-04'));
  await user.click(await screen.findByRole('radio', { name: '19:15' }));
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: 'Book' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later.');
  answer = { status: 409, body: { code: 'booking_limit_reached', message: 'x' } };
  await user.click(screen.getByRole('button', { name: 'Book' }));
  expect(await screen.findByText(/already hold the most open bookings/)).toBeTruthy();
  answer = {
    status: 201,
    body: { ...created, status: 'pending_confirmation', expires_at: '2026-03-03T10:30:00Z' },
  };
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const result = await screen.findByTestId('booking-result');
  expect(within(result).getByRole('heading', { name: 'Confirm your booking' })).toBeTruthy();
  expect(within(result).getByRole('status').textContent).toMatch(
    /^We have sent you an e-mail\. Open its link and confirm the booking by 12:30.*after that it is released\.$/,
  );
  expect(within(result).getByTestId('booking-status').textContent).toBe('Awaiting confirmation');
});

test('online payment flag: the deposit, the hold time and a Pay deposit button are shown, no e-mail claim', async () => {
  mockFetch((c) => {
    if (path(c) === '/api/bookings/halls')
      return { status: 200, body: { ...setup, online_payment: true, deposit: 20 } };
    if (path(c) === '/api/bookings/getBusyDates') return { status: 200, body: [] };
    if (path(c) === '/api/bookings/getFreeHoursForDate')
      return { status: 200, body: [{ time: '19:15', halls: [hall(1)] }] };
    if (path(c) === '/api/bookings')
      return {
        status: 201,
        body: {
          ...created,
          status: 'pending_payment',
          expires_at: '2026-03-03T10:15:00Z',
          payment: { amount: 20, expires_at: '2026-03-03T10:15:00Z' },
        },
      };
    return undefined;
  });
  await renderAtPlace(<BookingPage />);
  const user = userEvent.setup();
  await screen.findByLabelText('Number of people');
  await user.click(day('2026-03-04'));
  await user.click(await screen.findByRole('radio', { name: '19:15' }));
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const result = await screen.findByTestId('booking-result');
  expect(within(result).getByRole('heading', { name: 'Your booking awaits a deposit' })).toBeTruthy();
  expect(within(result).getByText(/^Deposit: 20[.,]00/)).toBeTruthy();
  expect(within(result).getByText(/^We hold the time for you until 12:15/)).toBeTruthy();
  expect(within(result).getByText(/Pay the deposit online to confirm your booking/)).toBeTruthy();
  expect(within(result).getByRole('button', { name: 'Pay deposit' })).toBeTruthy();
  expect(within(result).queryByText(/We have sent you a confirmation e-mail/)).toBeNull();
  expect(within(result).getByTestId('booking-status').textContent).toBe('Awaiting payment');
});
