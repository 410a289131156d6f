/**
 * A venue priced in a currency no payment provider takes (ePay and Redsys take BGN, EUR and USD; reference
 * payments.md): the server refuses a card payment there (503 `payment_currency_not_supported`) and an online order
 * (400 `payment_method_required`), so the guest's order form must not offer one — the domain's rule
 * (`paymentMethodsFor` with the venue's currency) decides for both. Through the screens: a signed-in guest at the
 * bistro sees the online methods while it prices in euro, and, once the venue prices in CHF (set up through the admin
 * API), only cash and the card at the venue; a cash order then goes through, in CHF.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiHeaders } from './api-auth.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { skipWelcome } from './welcome.ts';
import { logIn } from './guest-sign-in.ts';
import { acceptAll, addKebapcheta, fillContact, openOrderForm } from './order-form.ts';

startFromFreshDatabase();
test.use({ serviceWorkers: 'block' });

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const ONLINE = ['Онлайн с карта', 'Онлайн', 'Bizum'];

async function putBistroSettings(request: APIRequestContext, data: Record<string, string>) {
  const res = await request.put('/api/admin/settings', {
    headers: await apiHeaders(request),
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  // Every online method on offer (the payments module is on at the bistro).
  await putBistroSettings(request, { payment_types: 'cash,card,epay,online,bizum' });
});

test.afterAll(async ({ request }) => {
  await putBistroSettings(request, { default_currency_suffix: '€', payment_types: 'cash,card,epay' });
  await request.delete('/api/__test/clock');
});

test.beforeEach(async ({ page }) => {
  await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

/** The kebapcheta in the cart (once), the order form open at pickup; answers its payment choices. */
async function pickupForm(page: Page, add: boolean) {
  if (add) await addKebapcheta(page);
  // Opened afresh: the venue's settings (its currency) as they are now.
  else await page.goto('/bistro/skara/kebapcheta');
  const d = await openOrderForm(page);
  await d.getByLabel('Вземане от място').check();
  // On a phone the form is in steps: how & when → your details → payment & confirm.
  const step = d.getByTestId('order-step');
  await d.getByRole('button', { name: 'Напред' }).click();
  await expect(step).toHaveText(/Вашите данни/);
  await fillContact(d);
  await d.getByRole('button', { name: 'Напред' }).click();
  await expect(step).toHaveText(/Плащане и потвърждение/);
  const payment = d.getByRole('radiogroup', { name: 'Начин на плащане' });
  await expect(payment.getByRole('radio').first()).toBeVisible();
  return { d, payment };
}

async function choices(payment: Locator) {
  const radios = await payment.getByRole('radio').all();
  return Promise.all(radios.map((r) => r.evaluate((el) => el.closest('label')!.innerText.trim())));
}

test('a venue priced in CHF offers no card payment online; the guest orders with cash', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);

  // Priced in euro: the online methods are offered (what the CHF check below looks for is on the screen here).
  const euro = await pickupForm(page, true);
  expect(await choices(euro.payment)).toEqual(['В брой', 'С карта', ...ONLINE]);
  await page.keyboard.press('Escape');

  await putBistroSettings(page.request, { default_currency_suffix: 'CHF' });
  const { d, payment } = await pickupForm(page, false);
  await expect(d.getByTestId('order-total')).toContainText('CHF');
  expect(await choices(payment)).toEqual(['В брой', 'С карта']);
  for (const name of ONLINE) await expect(payment.getByLabel(name, { exact: true })).toHaveCount(0);

  await payment.getByLabel('В брой', { exact: true }).check();
  await acceptAll(d);
  const answer = page.waitForResponse(
    (r) => /\/api\/orders\/preorder/.test(r.url()) && r.request().method() === 'POST',
  );
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  expect(await res.json()).toMatchObject({ paymentMethod: 'cash', ppResp: {} });
  // The order's answer, in CHF.
  const answerBox = page.getByRole('status').filter({ has: page.getByTestId('order-number') });
  await expect(answerBox).toBeVisible();
  await expect(answerBox).toContainText('CHF');
});
