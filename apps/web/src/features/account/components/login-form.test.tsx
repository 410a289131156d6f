import { afterEach, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useAuthUiStore } from '../../../stores/auth-ui-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { mockFetch, renderAtPlace, useLanguage } from '../test/account-test-utils.tsx';
import { LoginForm } from './login-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
});

const loginFail = () =>
  mockFetch((call) =>
    call.url.endsWith('/api/login')
      ? { status: 401, body: { code: 'login_fail', message: 'Login failed: Invalid credentials' } }
      : undefined,
  );

test.each([
  ['en', 'Login failed: Invalid credentials'],
  ['bg', 'Неуспешен вход: невалидни данни'],
] as const)('a wrong password shows the login_fail text (spec §8) in %s', async (lang, text) => {
  await useLanguage(lang);
  const calls = loginFail();
  await renderAtPlace(<LoginForm />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(lang === 'en' ? 'E-mail' : 'Имейл'), 'guest@demo.test');
  await user.type(screen.getByLabelText(lang === 'en' ? 'Password' : 'Парола'), 'wrong-password');
  await user.click(screen.getByRole('button', { name: lang === 'en' ? 'Log in' : 'Вход' }));
  expect((await screen.findByRole('alert')).textContent).toContain(text);
  const login = calls.find((c) => c.url.endsWith('/api/login'));
  expect(login?.body).toEqual({ email: 'guest@demo.test', password: 'wrong-password' });
  expect(login?.headers).toMatchObject({ client: 'demo', lang });
  expect(useAccountStore.getState().user).toBeNull();
  expect(useSessionStore.getState().authToken).toBeNull();
});

test.each([
  ['bg', 'Имейл', 'Парола', 'Вход', 'Опитайте отново след 4 с'],
  ['en', 'E-mail', 'Password', 'Log in', 'Try again in 4 s, or reset your password.'],
  ['es', null, null, null, 'Vuelve a intentarlo en 4 s'],
  ['de', null, null, null, 'Versuchen Sie es in 4 s erneut'],
  ['fr-CH', null, null, null, 'Réessayez dans 4 s'],
] as const)(
  'a try during the wait after failed sign-ins says how long, in %s (issue "Security hardening" #8)',
  async (lang, emailLabel, passwordLabel, submit, text) => {
    await useLanguage(lang);
    mockFetch((call) =>
      call.url.endsWith('/api/login')
        ? {
            status: 429,
            body: {
              code: 'rate_limited',
              message: 'Too many failed sign-ins. Try again in 4 s, or reset your password.',
              details: [{ code: 'login_slowed', retry_after: 4 }],
            },
          }
        : undefined,
    );
    await renderAtPlace(<LoginForm />);
    const user = userEvent.setup();
    const inputs = screen.getAllByRole('textbox');
    if (emailLabel && passwordLabel && submit) {
      await user.type(screen.getByLabelText(emailLabel), 'guest@demo.test');
      await user.type(screen.getByLabelText(passwordLabel), 'right-password');
      await user.click(screen.getByRole('button', { name: submit }));
    } else {
      await user.type(inputs[0]!, 'guest@demo.test');
      await user.type(document.querySelector('input[type="password"]')!, 'right-password');
      await user.click(screen.getByRole('button'));
    }
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  },
);

test('a successful login keeps the token (cookie for the token lifetime) and the user, and says so', async () => {
  await useLanguage('en');
  const exp = Math.floor(Date.now() / 1000) + 3600 * 12;
  const token = `h.${btoa(JSON.stringify({ sub: 7, role: 'WAITER', exp })).replace(/=+$/, '')}.s`;
  const user = {
    id: 7,
    first_name: 'Waiter',
    last_name: 'Demo',
    email: 'waiter@demo.test',
    phone: null,
    address: null,
    points: 0,
    accumulated_amount: 0,
    role: 'WAITER' as const,
  };
  mockFetch((call) => (call.url.endsWith('/api/login') ? { status: 200, body: { token, user } } : undefined));
  const onSuccess = vi.fn();
  await renderAtPlace(<LoginForm onSuccess={onSuccess} />);
  const ue = userEvent.setup();
  await ue.type(screen.getByLabelText('E-mail'), 'waiter@demo.test');
  await ue.type(screen.getByLabelText('Password'), 'demo-waiter');
  await ue.click(screen.getByRole('button', { name: 'Log in' }));
  await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
  expect(useSessionStore.getState().authToken).toBe(token);
  expect(document.cookie).toContain(`auth_token=${encodeURIComponent(token)}`);
  expect(useAccountStore.getState().user?.role).toBe('WAITER');
  expect(useAuthUiStore.getState().notice?.key).toBe('login_success');
});
