import { afterEach, beforeEach, expect, test } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useAuthUiStore } from '../../../stores/auth-ui-store.ts';
import { mockFetch, renderAtPlace, useLanguage } from '../test/account-test-utils.tsx';
import { AccountHost } from './account-host.tsx';
import { AccountMenu } from './account-menu.tsx';

beforeEach(async () => {
  await useLanguage('en');
  mockFetch(() => undefined);
});

afterEach(() => {
  act(() => useAuthUiStore.getState().close());
});

test('a tap on "Log in" before the login modal’s code is there: the button is busy, then the modal opens', async () => {
  await renderAtPlace(
    <>
      <AccountMenu place="bistro" />
      <AccountHost place="bistro" />
    </>,
    '/bistro/salads',
  );
  const button = await screen.findByRole('button', { name: 'Log in' });
  expect(button.getAttribute('aria-busy')).toBeNull();
  fireEvent.click(button);
  // Taken at once (the code still on its way): busy, nothing open yet.
  expect(button.getAttribute('aria-busy')).toBe('true');
  expect(screen.queryByRole('dialog')).toBeNull();
  // A second tap meanwhile opens nothing twice.
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  expect(dialog).toBeTruthy();
  expect(button.getAttribute('aria-busy')).toBeNull();
  expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(1);
});
