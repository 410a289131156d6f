/**
 * The total the guest sees is the total charged (issue 22 #2): a registered guest signs in, puts a product the promo
 * names (kebapcheta) and one it excludes (shopska salad) in the cart, orders for delivery with a card on the order
 * that is their nth (the venue's nth-order discount is due) and a promo code valid for some products only. The total
 * the order form shows before sending must be the server's stored total (the order answer, the guest's order list)
 * and the amount the payment provider charges.
 *
 * Set-up through the admin API (the venue's promo and nth-order discount are the admin's, not the guest's journey);
 * every guest step through the screens.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';
import { logIn } from './guest-sign-in.ts';
import { acceptAll, addKebapcheta, fillContact, fillDeliveryAddress, openOrderForm } from './order-form.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const API_HEADERS = { client: 'demo', place: 'bistro' };
const PROMO = 'HALFGRILL';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

/** The first amount in a text ("12,34 € (24,13 лв.)" → 1234), in minor units. */
function minorOf(text: string): number {
  const m = /(\d+)[.,](\d{2})/.exec(text.replace(/[\s\u00a0\u202f]/g, ''));
  expect(m, text).not.toBeNull();
  return Number(m![1]) * 100 + Number(m![2]);
}

/**
 * The bistro's promo on the kebapcheta only (15 %), and its nth-order discount (10 %) due on the demo guest's next
 * order. Answers the guest's orders so far.
 */
async function setUpDiscounts(request: APIRequestContext) {
  const admin = await apiHeaders(request);
  const products = (await (await request.get('/api/products?active=1', { headers: API_HEADERS })).json()) as {
    id: number;
    name: string;
  }[];
  const kebapcheta = products.find((p) => p.name === 'Кебапчета');
  expect(kebapcheta, 'the demo kebapcheta').toBeDefined();
  const promo = await request.post('/api/admin/promo-codes', {
    headers: admin,
    data: {
      code: PROMO,
      discount_type: 'percent',
      discount_value: 15,
      eligible_product_ids: [kebapcheta!.id],
    },
  });
  expect(promo.status(), await promo.text()).toBe(201);

  const guest = await apiHeaders(request, 'guest');
  const orders = (await (await request.get('/api/users/orders', { headers: guest })).json()) as {
    status: string;
  }[];
  const nth = orders.filter((o) => o.status !== 'rejected').length + 1;
  const existing = (
    (await (await request.get('/api/admin/user-discounts', { headers: admin })).json()) as {
      id: number;
      on_order_number: number;
    }[]
  ).find((d) => d.on_order_number === nth);
  const discount = { on_order_number: nth, discount_type: 'percent', discount_amount: 10, active: 1 };
  const saved = existing
    ? await request.put(`/api/admin/user-discounts/${existing.id}`, { headers: admin, data: discount })
    : await request.post('/api/admin/user-discounts', { headers: admin, data: discount });
  expect(saved.ok(), await saved.text()).toBe(true);
  return guest;
}

test('registered guest, nth order, promo on some products: shown total = stored total = amount charged', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const guest = await setUpDiscounts(request);
  await logIn(page);

  // Three portions of kebapcheta (the promo's product) and two shopska salads (not the promo's): over the 15.00
  // delivery minimum after the discounts.
  await addKebapcheta(page, 3);
  await page.goto('/bistro/salati/shopska-salata');
  for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Добави в количката' }).first().click();

  const d = await openOrderForm(page);
  await d.getByLabel('Доставка').check();
  await fillContact(d);
  await fillDeliveryAddress(d);
  await d.getByLabel('Онлайн с карта', { exact: true }).check();
  await d.getByLabel('Промо код').fill(PROMO.toLowerCase());
  await d.getByRole('button', { name: 'Приложи' }).click();
  await expect(d.getByText(`Код ${PROMO} е приложен.`)).toBeVisible();
  await acceptAll(d);

  // Before sending: both discounts are on the page, and the total.
  const summary = d.locator('dl.order-summary');
  await expect(summary.getByTestId('promo-discount')).toBeVisible();
  await expect(summary.locator('div.row-between').filter({ hasText: 'Отстъпки' })).toBeVisible();
  const shown = minorOf(await summary.getByTestId('order-total').innerText());

  const answer = page.waitForResponse(
    (r) => /\/api\/orders\/delivery/.test(r.url()) && r.request().method() === 'POST',
  );
  await d.getByRole('button', { name: /Изпрати поръчката/ }).click();
  const res = await answer;
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as { key: string; totalPrice: number };
  // The answer's amounts are decimals of the venue currency (issue 25 #1): 26.6 is 2660 minor units.
  expect(Math.round(order.totalPrice * 100), 'the server total = the total shown before sending').toBe(shown);

  // The stored order, as the guest's order list reads it.
  const stored = (
    (await (await request.get('/api/users/orders', { headers: guest })).json()) as {
      key: string;
      total: number;
    }[]
  ).find((o) => o.key === order.key);
  expect(Math.round((stored?.total ?? 0) * 100), 'the stored total').toBe(shown); // venue currency on the wire

  // The provider charges that amount.
  await expect(page).toHaveURL(/\/xdev\/mobile\/api\/payment\/noreg\/send/, { timeout: 15_000 });
  expect(minorOf(await page.locator('dt:text-is("Amount") + dd').innerText()), 'the amount charged').toBe(
    shown,
  );
});
