import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { StoreUser } from '@trapeza/domain/contracts/users';
import { refreshAccountData, useAccountStore } from '../../../stores/account-store.ts';
import { openLogin, useAuthUiStore } from '../../../stores/auth-ui-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { resetAccountSessionForTests } from '../hooks/use-account-session.ts';
import { bistro, mockFetch, renderAtPlace, useLanguage } from '../test/account-test-utils.tsx';
import { AccountHost } from './account-host.tsx';

const guest: StoreUser = {
  id: 3,
  first_name: 'Елена',
  last_name: 'Димитрова',
  email: 'guest@demo.test',
  phone: null,
  address: null,
  points: 120,
  accumulated_amount: 500,
  role: 'USER',
};

beforeEach(async () => {
  await useLanguage('en');
  resetAccountSessionForTests();
  useSessionStore.getState().setAuthToken('kept.token.z');
  useAccountStore.getState().setUser(guest);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
  useAuthUiStore.getState().close();
});

test('users/validate false on start logs out and leaves the profile (spec §4)', async () => {
  mockFetch((call) => (call.url.endsWith('/api/users/validate') ? { status: 200, body: false } : undefined));
  await renderAtPlace(<AccountHost place="bistro" />, '/bistro/profile');
  expect(await screen.findByText('venue home')).toBeTruthy();
  expect(useAccountStore.getState().user).toBeNull();
  expect(useSessionStore.getState().authToken).toBeNull();
  expect(document.cookie).not.toContain('auth_token=kept');
});

test('a valid session loads the discount, the accumulated amount and, with payments on, the instruments', async () => {
  const calls = mockFetch((call) => {
    if (call.url.endsWith('/api/users/validate')) return { status: 200, body: true };
    if (call.url.endsWith('/api/place'))
      return { status: 200, body: { ...bistro, functionality_modules: ['payments'] } };
    if (call.url.endsWith('/api/check-registered-user-discount'))
      return {
        status: 200,
        body: { on_order_number: 3, discount_type: 'percent', discount_amount: 10, orders_count: 2 },
      };
    if (call.url.endsWith('/api/accumulated-order-amount-setting-place'))
      // The guest API answers decimals of the venue currency (issue 25 #1); the store holds minor units.
      return { status: 200, body: { setting: { accumulatedUserAmount: 7.3 } } };
    if (call.url.endsWith('/api/users/payment-instruments'))
      return {
        status: 200,
        body: [{ id: 1, name: 'Visa …4242', provider: 'epay', type: 1, expires: '12/29' }],
      };
    return undefined;
  });
  await renderAtPlace(<AccountHost place="bistro" />, '/bistro/salads');
  await vi.waitFor(() => expect(useAccountStore.getState().paymentInstruments).toHaveLength(1));
  const state = useAccountStore.getState();
  expect(state.user?.id).toBe(3);
  expect(state.accumulatedAmount).toBe(730);
  expect(state.registeredDiscount?.on_order_number).toBe(3);
  const instruments = calls.find((c) => c.url.endsWith('/api/users/payment-instruments'));
  expect(instruments?.headers).toMatchObject({ authorization: 'Bearer kept.token.z', place: 'bistro' });

  // After an order the ordering side asks for fresh discounts.
  const before = calls.filter((c) => c.url.endsWith('/api/check-registered-user-discount')).length;
  refreshAccountData();
  await vi.waitFor(() =>
    expect(calls.filter((c) => c.url.endsWith('/api/check-registered-user-discount')).length).toBe(
      before + 1,
    ),
  );
});

test('openLogin() opens the login modal with the reason (spec §8 card_payment_requires_login)', async () => {
  mockFetch((call) => {
    if (call.url.endsWith('/api/users/validate')) return { status: 200, body: true };
    return undefined;
  });
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
  await renderAtPlace(<AccountHost place="bistro" />, '/bistro/salads');
  act(() => openLogin({ reason: 'payment' }));
  expect(await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 3000 })).toBeTruthy();
  expect(screen.getByText('To pay online, please log in to your profile.')).toBeTruthy();
});
