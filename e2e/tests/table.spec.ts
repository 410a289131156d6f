import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function scan(page: Page, token: string, place = 'bistro') {
  await page.goto(`/${place}/t/${token}`);
  await expect(page).toHaveURL(new RegExp(`/${place}$`), { timeout: 15_000 });
}

test('at the table the spot-only "call a waiter" category shows and opens the waiter call; not for delivery visitors', async ({
  page,
}) => {
  // A delivery visitor (no QR code) sees no call-waiter category, and its address is not found.
  await page.goto('/bistro');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Повикай сервитьор/ })).toHaveCount(0);
  await expect(page.getByTestId('table-bar')).toHaveCount(0);

  // At table 2 the menu carries it (the server answers the table's menu: the cookie reaches the API).
  await scan(page, 'demo-t2');
  await expect(page.getByRole('link', { name: /Повикай сервитьор/ })).toBeVisible();
  await page.getByRole('link', { name: /Повикай сервитьор/ }).click();
  await expect(page).toHaveURL(/\/bistro\/povikay-servitor$/);
  const modal = page.getByRole('dialog', { name: 'Повикай сервитьор' });
  await modal.getByRole('button', { name: 'Още салфетки' }).click();
  await expect(modal.getByText('Сервитьорът е уведомен.')).toBeVisible();

  // A reload at the category address keeps the table (no /404).
  await page.reload();
  await expect(page).toHaveURL(/\/bistro\/povikay-servitor$/);
  await expect(page.getByRole('dialog', { name: 'Повикай сервитьор' })).toBeVisible();
});

test('at the table, every page has the table, "call the waiter" and "ask for the bill", in the guest language', async ({
  page,
}) => {
  await scan(page, 'demo-t6');
  for (const path of [
    '/bistro',
    '/bistro/skara',
    '/bistro/skara/kebapcheta',
    '/bistro/about',
    '/bistro/search',
  ]) {
    await page.goto(path);
    const bar = page.getByTestId('table-bar');
    await expect(bar, path).toContainText('Вие сте на маса 6');
    await expect(bar.getByRole('button', { name: 'Повикай сервитьор' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Поискай сметката' })).toBeVisible();
  }
  // Before any order, the bill asks for an order first.
  await page.getByTestId('table-bar').getByRole('button', { name: 'Поискай сметката' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Поискай сметката' }).click();
  await expect(page.getByRole('dialog').getByText('Моля, първо направете поръчка.')).toBeVisible();
  await page.keyboard.press('Escape');

  for (const [lang, where, call, bill] of [
    ['en', 'You are at table 6', 'Call the waiter', 'Ask for the bill'],
    ['es', 'Está en la mesa 6', 'Llamar al camarero', 'Pedir la cuenta'],
    ['de', 'Sie sitzen an Tisch 6', 'Bedienung rufen', 'Rechnung anfordern'],
    ['fr-CH', 'Vous êtes à la table 6', 'Appeler le serveur', 'Demander l’addition'],
  ] as const) {
    await page.context().addCookies([{ name: 'language', value: lang, url: page.url() }]);
    await page.goto('/bistro/skara');
    const bar = page.getByTestId('table-bar');
    await expect(bar, lang).toContainText(where);
    await bar.getByRole('button', { name: call }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bar.getByRole('button', { name: bill })).toBeVisible();
  }
});
