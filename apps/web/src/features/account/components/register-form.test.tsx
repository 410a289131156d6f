import { afterEach, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALIDATION_MESSAGES } from '@trapeza/domain/validation';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { mockFetch, renderAtPlace, useLanguage } from '../test/account-test-utils.tsx';
import { RegisterForm } from './register-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.getState().reset();
  useSessionStore.getState().setAuthToken(null);
});

const labels = {
  en: {
    first: 'First name',
    last: 'Last name',
    email: 'E-mail',
    phone: 'Phone',
    password: 'Password',
    submit: 'Create profile',
  },
  bg: {
    first: 'Име',
    last: 'Фамилия',
    email: 'Имейл',
    phone: 'Телефон',
    password: 'Парола',
    submit: 'Създай профил',
  },
} as const;

test.each(['en', 'bg'] as const)(
  'register shows the §5 validation messages in %s and sends nothing',
  async (lang) => {
    await useLanguage(lang);
    const calls = mockFetch(() => undefined);
    renderAtPlace(<RegisterForm />);
    const l = labels[lang];
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(l.first), 'Al');
    await user.type(screen.getByLabelText(l.last), 'Petrova');
    await user.type(screen.getByLabelText(l.email), 'not-an-email');
    await user.type(screen.getByLabelText(l.phone), '12');
    await user.type(screen.getByLabelText(l.password), 'short');
    await user.click(screen.getByRole('button', { name: l.submit }));

    const text = (code: keyof typeof VALIDATION_MESSAGES) => VALIDATION_MESSAGES[code][lang];
    expect(await screen.findByText(text('invalid_name'))).toBeTruthy();
    expect(screen.getByText(text('invalid_email'))).toBeTruthy();
    expect(screen.getByText(text('invalid_phone'))).toBeTruthy();
    expect(screen.getByText(text('invalid_password'))).toBeTruthy();
    // Only the first name is wrong; its input is marked and described by the message.
    expect(screen.getByLabelText(l.first).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(l.last).getAttribute('aria-invalid')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/api/register'))).toBe(false);
  },
);

test('a valid registration posts the contract fields and says to open the mailed link (not signed in)', async () => {
  await useLanguage('en');
  const calls = mockFetch((call) =>
    call.url.endsWith('/api/register')
      ? { status: 202, body: { code: 'registration_email_sent', message: 'sent' } }
      : undefined,
  );
  await renderAtPlace(<RegisterForm />);
  const l = labels.en;
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(l.first), 'Maria');
  await user.type(screen.getByLabelText(l.last), 'Petrova');
  await user.type(screen.getByLabelText(l.email), 'maria@example.com');
  await user.type(screen.getByLabelText(l.phone), '+359 888 123 456');
  await user.type(screen.getByLabelText(l.password), 'long-enough');
  await user.click(screen.getByRole('button', { name: l.submit }));
  expect((await screen.findByRole('status')).textContent).toBe(
    'We have sent an e-mail to this address. Open the link in it to finish registering.',
  );
  const register = calls.find((c) => c.url.endsWith('/api/register'));
  expect(register?.body).toEqual({
    first_name: 'Maria',
    last_name: 'Petrova',
    email: 'maria@example.com',
    phone: '+359 888 123 456',
    password: 'long-enough',
  });
  expect(register?.headers.place).toBe('bistro');
  expect(useAccountStore.getState().user).toBeNull();
  expect(useSessionStore.getState().authToken).toBeNull();
});
