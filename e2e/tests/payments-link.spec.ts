/**
 * One Touch account linking (issue 25 #10, payments.md §2 Authorisation) in a real browser against the real server
 * and the provider simulator: a signed-in guest with no saved card links their ePay account from the profile
 * (ePay's page: Allow), comes back to the profile with the account's cards listed, and pays an order with one of
 * them in one touch at checkout — without a first payment on the card page.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { logIn } from './guest-sign-in.ts';
import { acceptAll, addKebapcheta, fillContact, openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

test('a cancelled link on the ePay page links nothing', async ({ page }) => {
  await logIn(page);
  await page.goto('/bistro/profile');
  const cards = page.getByTestId('saved-cards');
  await expect(cards.getByText('Нямате запазени карти', { exact: false })).toBeVisible();
  await cards.getByRole('button', { name: 'Свържи моя ePay акаунт' }).click();
  await expect(page.getByRole('heading', { name: 'ePay One Touch' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/bistro\/profile$/);
  await expect(cards.getByText('ePay акаунтът не беше свързан.')).toBeVisible();
  await expect(cards.getByText(/••••/)).toHaveCount(0);
});

test('link the ePay account from the profile, back, and pay with its card at checkout without a first payment', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/bistro/profile');
  const cards = page.getByTestId('saved-cards');
  await expect(cards.getByText(/••••/)).toHaveCount(0);
  await cards.getByRole('button', { name: 'Свържи моя ePay акаунт' }).click();

  // ePay's page: the user allows the venue's app on their account.
  await expect(page).toHaveURL(/\/xdev\/mobile\/api\/start\?/);
  await expect(page.getByText('Allow one-touch payments to')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back on the profile: linked, the account's cards listed.
  await expect(page).toHaveURL(/\/bistro\/profile$/);
  await expect(cards.getByText('Вашият ePay акаунт е свързан', { exact: false })).toBeVisible();
  await expect(cards.getByText(/Visa •••• 4242/)).toBeVisible();
  await expect(cards.getByText(/Mastercard •••• 3220/)).toBeVisible();

  // Checkout: the linked card is offered and pays in one touch, no card page.
  await addKebapcheta(page);
  const d = await openOrderForm(page);
  await d.getByLabel('Вземане от място').check();
  await fillContact(d);
  await d.getByLabel('Онлайн с карта', { exact: true }).check();
  await acceptAll(d);
  const visa = d.getByTestId('epay-card-choice').getByLabel(/Visa •••• 4242/);
  await visa.check();
  const answer = page.waitForResponse(
    (r) => /\/api\/orders\/preorder/.test(r.url()) && r.request().method() === 'POST',
  );
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  await expect(page).toHaveURL(/\/bistro\/payment$/);
  await expect(page.getByText('Плащането е успешно')).toBeVisible({ timeout: 15_000 });
  const order = (await res.json()) as { key: string };
  const status = await page.request.post('/api/epay/checkPaymentStatus', {
    headers: {
      client: 'demo',
      place: 'bistro',
      authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === 'auth_token')!.value}`,
    },
    data: { orderKey: order.key },
  });
  expect(((await status.json()) as { payload: { payment_status: string } }).payload.payment_status).toBe(
    'paid',
  );
});
