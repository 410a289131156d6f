/**
 * Booking deposits: "Pay deposit" calls POST bookings/{id}/pay with the link token and hands the answer to
 * /{place}/payment (the payment feature's page), which posts the provider form; back on
 * /{place}/reservations?booking={id}&payment=ok the booking is polled until the server says confirmed.
 */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { StoreCreateBookingResponse } from '@trapeza/domain/contracts/bookings';
import { loadFeatureBundle } from '../../../i18n/feature-bundles.ts';
import { paymentsBundle } from '../../payment/i18n/loaders.ts';
import { PaymentPage } from '../../payment/components/payment-page.tsx';
import { PAYMENT_FORM_KEY, PAYMENT_ORDER_KEY } from '../../payment/lib/redirect-form.ts';
import { BookingPage } from './booking-page.tsx';
import { BookingResult } from './booking-result.tsx';
import { mockFetch, renderAtPlace, useBookingLanguage, type Call } from '../test/booking-test-utils.tsx';

const TOKEN = 'abcdefghijkl';
const path = (c: Call) => new URL(c.url, 'http://x').pathname;

const pending: StoreCreateBookingResponse = {
  reservationId: 41,
  status: 'pending_payment',
  canceled: false,
  date: '2026-03-04',
  time: '19:15',
  end_time: '21:15',
  people: 4,
  hall: { id: 1, name: 'Main hall' },
  product: null,
  name: 'Ivan Petrov',
  place: { slug: 'bistro', name: 'Bistro' },
  expires_at: '2026-03-03T10:15:00Z',
  created_at: '2026-03-03T10:00:00Z',
  cancelUrl: `http://localhost/bistro/reservations?booking=41&token=${TOKEN}`,
  payment: { amount: 20, expires_at: '2026-03-03T10:15:00Z' },
};

const FIELDS = {
  PAGE: 'paylogin',
  ENCODED: 'TUlOPTEyMzQK',
  CHECKSUM: '9d09db1b61bfd7947ed390d6464ca7953d0bf3f2',
  URL_OK: 'http://localhost:3000/bistro/reservations?booking=41&payment=ok',
  URL_CANCEL: 'http://localhost:3000/bistro/reservations?booking=41&payment=cancel',
};
const payAnswer = {
  success: true,
  red: 'http://localhost:3999/epay/?PAGE=paylogin',
  redForm:
    '<form method="POST" action="http://localhost:3999/epay/">' +
    Object.entries(FIELDS)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/&/g, '&amp;')}">`)
      .join('') +
    '</form>',
  form: { action: 'http://localhost:3999/epay/', method: 'POST', fields: FIELDS },
  payment_key: '0000000077',
};

let submitted: { action: string; fields: Record<string, string> }[];

beforeEach(async () => {
  await useBookingLanguage('en');
  await loadFeatureBundle('payments', paymentsBundle, 'en');
  sessionStorage.clear();
  submitted = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push({
      action: this.getAttribute('action') ?? '',
      fields: Object.fromEntries(new FormData(this).entries()) as Record<string, string>,
    });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

test('Pay deposit: POST bookings/{id}/pay with the link token, then /{place}/payment posts the provider form once', async () => {
  const calls = mockFetch((c) =>
    path(c) === '/api/bookings/41/pay' ? { status: 200, body: payAnswer } : undefined,
  );
  // A hand-over left by an earlier order must not be taken for this payment.
  sessionStorage.setItem(PAYMENT_ORDER_KEY, 'OLD-ORDER');
  await renderAtPlace(
    <Routes>
      <Route path="reservations" element={<BookingResult booking={pending} onAgain={() => undefined} />} />
      <Route path="payment" element={<PaymentPage />} />
    </Routes>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pay deposit' }));
  await vi.waitFor(() => expect(submitted).toHaveLength(1));
  const pay = calls.filter((c) => path(c) === '/api/bookings/41/pay');
  expect(pay).toHaveLength(1);
  expect(pay[0]?.method).toBe('POST');
  expect(pay[0]?.body).toEqual({ token: TOKEN });
  expect(pay[0]?.headers).toMatchObject({ place: 'bistro', lang: 'en' });
  expect(submitted[0]).toEqual({ action: 'http://localhost:3999/epay/', fields: FIELDS });
  expect(screen.getByTestId('payment-redirect-form')).toBeTruthy();
  // Handed over once: nothing left for a reload; the token kept for the return.
  expect(sessionStorage.getItem(PAYMENT_FORM_KEY)).toBeNull();
  expect(sessionStorage.getItem(PAYMENT_ORDER_KEY)).toBeNull();
  expect(sessionStorage.getItem('booking_payment_token_41')).toBe(TOKEN);
});

test('a refused payment (hold expired) shows its text and stays on the result', async () => {
  mockFetch((c) =>
    path(c) === '/api/bookings/41/pay'
      ? { status: 409, body: { code: 'booking_payment_expired', message: 'expired' } }
      : undefined,
  );
  await renderAtPlace(<BookingResult booking={pending} onAgain={() => undefined} />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Pay deposit' }));
  expect((await screen.findByRole('alert')).textContent).toBe('The time to pay the deposit has passed.');
  expect(submitted).toHaveLength(0);
});

test('the return polls GET bookings/{id}?token= until the server says confirmed, then stops', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-03-03T10:05:00Z'));
  sessionStorage.setItem('booking_payment_token_41', TOKEN);
  const states = ['pending_payment', 'pending_payment', 'confirmed'];
  const calls = mockFetch((c) =>
    path(c) === '/api/bookings/41' && c.method === 'GET'
      ? { status: 200, body: { ...pending, status: states.shift() ?? 'confirmed', payment: undefined } }
      : undefined,
  );
  await renderAtPlace(<BookingPage />, '/bistro/reservations?booking=41&payment=ok');
  expect(screen.getByText('Checking the payment…', { selector: 'p' })).toBeTruthy();
  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  await advance(2_000);
  expect(screen.queryByTestId('deposit-outcome')).toBeNull();
  await advance(2_000);
  expect(screen.getByTestId('deposit-outcome').textContent).toMatch(/your booking is confirmed/);
  expect(screen.getByTestId('booking-status').textContent).toBe('Confirmed');
  const polls = () => calls.filter((c) => path(c) === '/api/bookings/41').length;
  expect(calls.find((c) => path(c) === '/api/bookings/41')?.url).toContain(`token=${TOKEN}`);
  const after = polls();
  await advance(10_000);
  expect(polls()).toBe(after);
});

test('a cancelled return with the booking still pending offers Pay deposit again; no token → the e-mail hint', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-03-03T10:05:00Z'));
  sessionStorage.setItem('booking_payment_token_41', TOKEN);
  mockFetch((c) =>
    path(c) === '/api/bookings/41' ? { status: 200, body: { ...pending, payment: undefined } } : undefined,
  );
  const view = await renderAtPlace(<BookingPage />, '/bistro/reservations?booking=41&payment=cancel');
  await act(async () => void (await vi.advanceTimersByTimeAsync(8_000)));
  expect(screen.getByTestId('deposit-outcome').getAttribute('data-outcome')).toBe('cancelled');
  expect(screen.getByText('The payment was cancelled. Your booking still awaits the deposit.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Pay the deposit again' })).toBeTruthy();
  view.unmount();

  sessionStorage.clear();
  await renderAtPlace(<BookingPage />, '/bistro/reservations?booking=41&payment=ok');
  expect(screen.getByRole('alert').textContent).toMatch(/cannot be found in this browser/);
});
