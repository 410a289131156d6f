import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { mockFetch, renderAtPlace, usePaymentLanguage } from '../test/payment-test-utils.tsx';
import { tokenLifetimeHours } from '../../../lib/auth-session.ts';
import { SavedCards } from './saved-cards.tsx';

/** A JWT-shaped token expiring `hours` from now (only its payload is read). */
function token(name: string, hours: number): string {
  const exp = Math.floor(Date.now() / 1000) + hours * 3600;
  return `h.${btoa(JSON.stringify({ sub: name, exp })).replace(/=+$/, '')}.s`;
}

beforeEach(async () => {
  await usePaymentLanguage('bg');
  useSessionStore.getState().setAuthToken(token('old', 90));
  useAccountStore.getState().setUser({
    id: 3,
    first_name: 'Елена',
    last_name: 'Димитрова',
    email: 'guest@demo.test',
    phone: null,
    address: null,
    points: 0,
    accumulated_amount: 0,
    role: 'USER',
  });
  useAccountStore.getState().setExtras({
    paymentInstruments: [
      { id: 11, name: 'Visa •••• 4242', provider: 'epay_onetouch', type: 1, expires: '12/2030' },
      { id: 12, name: 'Mastercard •••• 3220', provider: 'epay_onetouch', type: 1, expires: null },
    ],
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
});

test('delete: POST epay/deleteUserPaymentInstrument {key}, the answered uToken replaces the token, §8 message', async () => {
  const fresh = token('new', 24);
  const calls = mockFetch((c) =>
    c.path === '/api/epay/deleteUserPaymentInstrument'
      ? {
          status: 200,
          body: {
            success: true,
            message: 'Успешно изтрит инструмент за плащане',
            payload: { uToken: fresh },
          },
        }
      : undefined,
  );
  await renderAtPlace(<SavedCards />, '/bistro/profile');
  const list = await screen.findByTestId('saved-cards');
  expect(within(list).getByText('Visa •••• 4242 (валидна до 12/2030)')).toBeTruthy();
  await userEvent.click(within(list).getByRole('button', { name: 'Изтрий Visa •••• 4242' }));
  expect(await screen.findByText('Успешно изтрит инструмент за плащане')).toBeTruthy();
  const call = calls.find((c) => c.path === '/api/epay/deleteUserPaymentInstrument')!;
  expect(call.body).toEqual({ key: 11 });
  expect(call.headers.authorization).toMatch(/^Bearer h\./);
  expect(useSessionStore.getState().authToken).toBe(fresh);
  expect(document.cookie).toContain(`auth_token=${encodeURIComponent(fresh)}`);
  expect(useAccountStore.getState().paymentInstruments.map((i) => i.id)).toEqual([12]);
  expect(within(list).queryByText(/4242/)).toBeNull();
});

test('a refused delete keeps the token and the card and says so', async () => {
  const before = useSessionStore.getState().authToken;
  mockFetch((c) =>
    c.path === '/api/epay/deleteUserPaymentInstrument'
      ? { status: 404, body: { code: 'instrument_not_found', message: 'Payment instrument not found' } }
      : undefined,
  );
  await renderAtPlace(<SavedCards />, '/bistro/profile');
  await userEvent.click(screen.getByRole('button', { name: 'Изтрий Visa •••• 4242' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Възникна грешка при плащането');
  expect(useSessionStore.getState().authToken).toBe(before);
  expect(useAccountStore.getState().paymentInstruments).toHaveLength(2);
});

test('tokenLifetimeHours reads exp; an unreadable token gets the default', () => {
  expect(Math.round(tokenLifetimeHours(token('x', 24)))).toBe(24);
  expect(tokenLifetimeHours('not-a-jwt')).toBe(90);
});

test('link the ePay account: POST epay/linkOneTouchAccount, the key kept, off to ePay’s page', async () => {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const calls = mockFetch((c) =>
    c.path === '/api/epay/linkOneTouchAccount'
      ? {
          status: 200,
          body: {
            success: true,
            payload: { red: 'http://127.0.0.1:3999/xdev/mobile/api/start?KEY=k', key: 'a'.repeat(32) },
          },
        }
      : undefined,
  );
  await renderAtPlace(<SavedCards />, '/bistro/profile');
  await userEvent.click(screen.getByRole('button', { name: 'Свържи моя ePay акаунт' }));
  await vi.waitFor(() =>
    expect(assign).toHaveBeenCalledWith('http://127.0.0.1:3999/xdev/mobile/api/start?KEY=k'),
  );
  expect(calls.some((c) => c.path === '/api/epay/linkOneTouchAccount')).toBe(true);
  expect(sessionStorage.getItem('onetouch_link_key')).toBe('a'.repeat(32));
  sessionStorage.clear();
});

test('back from ePay with authok: completeOneTouchLink with the kept key, once; linked', async () => {
  sessionStorage.setItem('onetouch_link_key', 'b'.repeat(32));
  const calls = mockFetch((c) =>
    c.path === '/api/epay/completeOneTouchLink'
      ? { status: 200, body: { success: true, payload: { instruments: 2 } } }
      : undefined,
  );
  await renderAtPlace(<SavedCards />, '/bistro/profile?onetouch=authok');
  expect(
    await screen.findByText(
      'Вашият ePay акаунт е свързан: картите му са запазени за плащане с едно докосване.',
    ),
  ).toBeTruthy();
  const done = calls.filter((c) => c.path === '/api/epay/completeOneTouchLink');
  expect(done).toHaveLength(1);
  expect(done[0]!.body).toEqual({ key: 'b'.repeat(32) });
  expect(sessionStorage.getItem('onetouch_link_key')).toBeNull();
});

test('back from ePay cancelled, or refused by the server: not linked, says so', async () => {
  mockFetch(() => undefined);
  sessionStorage.setItem('onetouch_link_key', 'c'.repeat(32));
  const first = await renderAtPlace(<SavedCards />, '/bistro/profile?onetouch=authcancel');
  expect((await screen.findByRole('alert')).textContent).toBe('ePay акаунтът не беше свързан.');
  first.unmount();
  sessionStorage.setItem('onetouch_link_key', 'c'.repeat(32));
  mockFetch((c) =>
    c.path === '/api/epay/completeOneTouchLink'
      ? { status: 409, body: { code: 'onetouch_link_failed', message: 'The ePay account was not linked' } }
      : undefined,
  );
  await renderAtPlace(<SavedCards />, '/bistro/profile?onetouch=authok');
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Свързването на ePay акаунта не успя. Моля, опитайте отново.',
  );
});
