import { afterEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as PlatformRoute } from '../../../app/routes/platform.tsx';
import { Component as PlatformInviteRoute } from '../../../app/routes/platform-invite.tsx';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { mockFetch, renderWithProviders } from '../../../test/render-with-providers.tsx';
import type { PlatformClient } from '@trapeza/domain/contracts/platform';

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
});

const none = () => undefined;

function signedIn(role: 'SUPER_ADMIN' | 'SALES_ADMIN') {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  useSessionStore.getState().setAuthToken(`h.${btoa(JSON.stringify({ sub: 1, role, exp }))}.s`, 1);
  useAccountStore.getState().setUser({
    id: 1,
    first_name: 'Ops',
    last_name: '',
    email: 'ops@example.test',
    phone: null,
    address: null,
    points: 0,
    accumulated_amount: 0,
    role,
  });
}

const brand: PlatformClient = {
  id: 2,
  name: 'Втора марка',
  slug: 'second',
  domain: 'menu.second.example',
  domainVerified: false,
  domainVerification: { record: '_trapeza.menu.second.example', value: 'trapeza-verify=abc' },
  logo: null,
  primary_color: null,
  secondary_color: null,
  languages: ['bg', 'en'],
  currency: 'EUR',
  active: true,
  venues: [{ id: 5, name: 'Кафе Втора', slug: 'kafe-vtora', active: true }],
  ordersLast30Days: 17,
  created_at: '2026-11-25T00:00:00Z',
};

test('platform staff sign in without the page brand', async () => {
  const calls = mockFetch(
    (call) =>
      call.path === '/api/login'
        ? { status: 401, body: { code: 'login_fail', message: 'Login failed' } }
        : undefined,
    none,
  );
  await renderWithProviders(<PlatformRoute />, { path: '/platform', pattern: '/platform/*' });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Имейл'), 'ops@example.test');
  await user.type(screen.getByLabelText('Парола'), 'a-long-password');
  await user.click(screen.getByRole('button', { name: 'Вход' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Грешен имейл или парола.');
  const login = calls.find((c) => c.path === '/api/login')!;
  // No brand: the header is absent or empty, which the server reads as none (tenancy `client-if-sent`).
  expect(login.headers.client ?? '').toBe('');
  expect(login.body).toEqual({ email: 'ops@example.test', password: 'a-long-password' });
});

test('brands list with venues, orders and the domain record; SALES_ADMIN cannot deactivate', async () => {
  signedIn('SALES_ADMIN');
  mockFetch(
    (call) => (call.path === '/api/platform/clients' ? { status: 200, body: [brand] } : undefined),
    none,
  );
  await renderWithProviders(<PlatformRoute />, { path: '/platform', pattern: '/platform/*' });
  const card = await screen.findByRole('article', { name: 'Втора марка' });
  expect(within(card).getByText('Кафе Втора')).toBeTruthy();
  expect(within(card).getByText('17')).toBeTruthy();
  expect(within(card).getByText('trapeza-verify=abc')).toBeTruthy();
  expect((within(card).getByRole('button', { name: 'Деактивиране' }) as HTMLButtonElement).disabled).toBe(
    true,
  );
});

test("a taken slug is shown next to the brand form's slug field", async () => {
  signedIn('SUPER_ADMIN');
  mockFetch(
    (call) =>
      call.path === '/api/platform/clients'
        ? call.method === 'POST'
          ? {
              status: 409,
              body: {
                code: 'slug_taken',
                message: 'This slug is taken',
                details: [{ path: 'slug', code: 'slug_taken', message: 'This slug is taken' }],
              },
            }
          : { status: 200, body: [] }
        : undefined,
    none,
  );
  await renderWithProviders(<PlatformRoute />, { path: '/platform', pattern: '/platform/*' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Нова марка' }));
  await user.type(screen.getByLabelText('Име'), 'Втора марка');
  await user.type(screen.getByLabelText('Кратко име (в адресите)'), 'demo');
  await user.click(screen.getByRole('button', { name: 'Създаване' }));
  const slug = screen.getByLabelText('Кратко име (в адресите)');
  await vi.waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(slug.getAttribute('aria-describedby')!)!.textContent).toBe(
    'This slug is taken',
  );
});

test('an expired invitation says so and how to ask for a new one', async () => {
  mockFetch(
    (call) =>
      call.path === '/api/platform/invites/expired-token-1234567890'
        ? { status: 410, body: { code: 'invite_expired', message: 'expired' } }
        : call.path === '/api/platform/invites/fresh-token-12345678901'
          ? {
              status: 200,
              body: {
                email: 'a@second.test',
                role: 'CLIENT_ADMIN',
                clientName: 'Втора марка',
                expiresAt: '',
              },
            }
          : undefined,
    none,
  );
  await renderWithProviders(<PlatformInviteRoute />, {
    path: '/platform/invite/expired-token-1234567890',
    pattern: '/platform/invite/:token',
  });
  expect(await screen.findByRole('heading', { name: 'Поканата е изтекла' })).toBeTruthy();
  expect(screen.getByText(/Помолете човека, който ви е поканил/)).toBeTruthy();
});

test('the invitation shows who is invited to what and wants 12 characters', async () => {
  const calls = mockFetch(
    (call) =>
      call.path === '/api/platform/invites/fresh-token-12345678901'
        ? {
            status: 200,
            body: { email: 'a@second.test', role: 'CLIENT_ADMIN', clientName: 'Втора марка', expiresAt: '' },
          }
        : undefined,
    none,
  );
  await renderWithProviders(<PlatformInviteRoute />, {
    path: '/platform/invite/fresh-token-12345678901',
    pattern: '/platform/invite/:token',
  });
  expect(await screen.findByText(/a@second\.test е поканен като Администратор на марката/)).toBeTruthy();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Нова парола (поне 12 знака)'), 'short');
  await user.type(screen.getByLabelText('Повторете паролата'), 'short');
  await user.click(screen.getByRole('button', { name: 'Задаване на парола и вход' }));
  expect(await screen.findByText('Паролата трябва да е поне 12 знака.')).toBeTruthy();
  expect(calls.some((c) => c.path.endsWith('/accept'))).toBe(false);
});
