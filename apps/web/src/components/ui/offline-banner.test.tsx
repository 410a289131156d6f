import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n.ts';
import { FIRST_SCREEN_DATA_ID } from '../../lib/first-screen-data.ts';
import { OfflineBanner } from './offline-banner.tsx';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(async () => {
  vi.restoreAllMocks();
  document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  delete document.documentElement.dataset.offlineAt;
  await changeLanguage('bg');
});

test('a menu page offline says when its prices are from; back online it goes', () => {
  const at = new Date(2026, 2, 3, 12, 7).getTime();
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = FIRST_SCREEN_DATA_ID;
  data.textContent = JSON.stringify({ place: 'bistro', client: 'demo', at });
  document.body.append(data);
  render(<OfflineBanner />);
  expect(screen.queryByRole('status')).toBeNull();
  setOnline(false);
  expect(screen.getByRole('status').textContent).toBe('Офлайн — цени към 12:07');
  expect(screen.getByRole('status').className).toBe('offline-banner');
  setOnline(true);
  expect(screen.queryByRole('status')).toBeNull();
});

test('in every language', async () => {
  const at = new Date(2026, 2, 3, 9, 5).getTime();
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = FIRST_SCREEN_DATA_ID;
  data.textContent = JSON.stringify({ place: 'bistro', client: 'demo', at });
  document.body.append(data);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const expected = {
    en: 'Offline — prices as of 09:05',
    es: 'Sin conexión — precios de las 09:05',
    de: 'Offline — Preise von 09:05 Uhr',
    'fr-CH': 'Hors ligne — prix de 09:05',
  } as const;
  for (const [lang, text] of Object.entries(expected)) {
    await changeLanguage(lang as keyof typeof expected);
    const { unmount } = render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent, lang).toBe(text);
    unmount();
  }
});

test('a copy the service worker served (network down although the browser says online) is marked too', () => {
  document.documentElement.dataset.offlineAt = new Date().toISOString();
  render(<OfflineBanner />);
  // Not a menu page (no first screen): the general message.
  expect(screen.getByRole('status').textContent).toBe('Няма връзка с интернет');
});
