import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoreUser } from '@trapeza/domain/contracts/users';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useAuthUiStore } from '../../../stores/auth-ui-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { bistro, mockFetch, renderAtPlace, useLanguage } from '../test/account-test-utils.tsx';
import { ProfileView } from './profile-view.tsx';

const guest: StoreUser = {
  id: 3,
  first_name: 'Гост',
  last_name: 'Демо',
  email: 'guest@demo.test',
  phone: '+359 888 000 111',
  address: 'ул. Витоша 1',
  points: 42,
  accumulated_amount: 1250,
  role: 'USER',
};

beforeEach(async () => {
  await useLanguage('en');
  useSessionStore.getState().setAuthToken('old.token.x');
  useAccountStore.getState().setUser(guest);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
});

test('profile edit round trip: only the changed phone goes out with the token, the fresh token and user come back', async () => {
  const calls = mockFetch((call) =>
    call.url.endsWith('/api/users/editProfile')
      ? {
          status: 200,
          body: { token: 'new.token.y', user: { ...guest, phone: (call.body as { phone: string }).phone } },
        }
      : undefined,
  );
  await renderAtPlace(<ProfileView />);
  expect(await screen.findByRole('heading', { name: 'My profile' })).toBeTruthy();
  expect(screen.getByTestId('profile-points').textContent).toBe('42');
  expect(screen.getByText(/^12[.,]50 лв\.$/)).toBeTruthy();

  const user = userEvent.setup();
  const phone = screen.getByLabelText('Phone');
  await user.clear(phone);
  await user.type(phone, '+359 899 222 333');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));

  await vi.waitFor(() => expect(useSessionStore.getState().authToken).toBe('new.token.y'));
  const edit = calls.find((c) => c.url.endsWith('/api/users/editProfile'));
  expect(edit?.method).toBe('POST');
  expect(edit?.body).toEqual({ phone: '+359 899 222 333' });
  expect(edit?.headers).toMatchObject({
    authorization: 'Bearer old.token.x',
    place: 'bistro',
    client: 'demo',
  });
  expect(useAccountStore.getState().user?.phone).toBe('+359 899 222 333');
  expect(useAuthUiStore.getState().notice?.key).toBe('profile_updated');
  expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('+359 899 222 333');
});

test('the loyalty module off: no points and no accumulated amount on the profile (issue 24)', async () => {
  mockFetch((call) =>
    call.url.endsWith('/api/place')
      ? { status: 200, body: { ...bistro, functionality_modules: ['payments'] } }
      : undefined,
  );
  await renderAtPlace(<ProfileView />);
  expect(await screen.findByRole('heading', { name: 'My profile' })).toBeTruthy();
  expect(screen.queryByTestId('profile-points')).toBeNull();
  expect(screen.queryByText(/^12[.,]50 лв\.$/)).toBeNull();
  expect(screen.getByLabelText('Phone')).toBeTruthy();
});

test('a new password needs the current one; a wrong one shows the server code text', async () => {
  mockFetch((call) =>
    call.url.endsWith('/api/users/editProfile')
      ? { status: 403, body: { code: 'current_password_invalid', message: 'The current password is wrong.' } }
      : undefined,
  );
  await renderAtPlace(<ProfileView />);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), 'another-secret');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Please enter your current password')).toBeTruthy();
  await user.type(screen.getByLabelText('Current password'), 'not-it');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect((await screen.findByRole('alert')).textContent).toContain('The current password is wrong.');
  expect(useSessionStore.getState().authToken).toBe('old.token.x');
});

test('an unknown server failure shows edit_profile_error (spec §8)', async () => {
  mockFetch((call) =>
    call.url.endsWith('/api/users/editProfile')
      ? { status: 500, body: { code: 'internal', message: 'x' } }
      : undefined,
  );
  await renderAtPlace(<ProfileView />);
  const user = userEvent.setup();
  await user.clear(await screen.findByLabelText('First name'));
  await user.type(screen.getByLabelText('First name'), 'Новото');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect((await screen.findByRole('alert')).textContent).toContain(
    'An error occurred while editing the profile.',
  );
});

test('signed out, the profile page is the login form', async () => {
  useAccountStore.getState().reset();
  mockFetch(() => undefined);
  await renderAtPlace(<ProfileView />);
  expect(await screen.findByRole('heading', { name: 'Log in to see your profile' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
});
