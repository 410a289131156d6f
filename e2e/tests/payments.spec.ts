/**
 * Card payment journeys (issue 7, spec §4 payment flow, §5, §8) in a real browser against the real server and the
 * payment provider simulator (PAYMENT_SIMULATOR=1 in playwright.config.ts). The order becomes paid only through
 * the server (the simulator's signed notification, or the server's own One Touch status query); the page shows
 * "paid" only when the server says so, and the waiter board (GET staff/orders) shows the same state.
 *
 * The journeys share one fresh database and run in order: the first-card payment (a delivery, as the journey
 * says) saves Visa •••• 4242, which the One Touch journey then pays with, and the last one deletes. The bistro's
 * online payment tax (spec §9: percent × amount + fixed) is on for the whole file (set through the admin settings
 * API): the order modal shows it, and the total shown is the server's totalPrice and the amount the provider charges.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';
import { logIn } from './guest-sign-in.ts';
import { acceptAll, addKebapcheta, fillContact, fillDeliveryAddress, openOrderForm } from './order-form.ts';

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

// The bistro's online payment tax (spec §9): 2.5 % of the amount + 0.25.
const TAX_PERCENT = 2.5;
const TAX_FIXED = 25;

async function putBistroSettings(request: APIRequestContext, data: Record<string, string>) {
  const res = await request.put('/api/admin/settings', { headers: await apiHeaders(request), data });
  expect(res.ok(), await res.text()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  await putBistroSettings(request, {
    online_payment_tax_percent: String(TAX_PERCENT),
    online_payment_tax_fixed: (TAX_FIXED / 100).toFixed(2),
  });
});

/** The first amount in a text ("12,34 лв. (6,31 €)" → 1234), in minor units. */
function minorOf(text: string): number {
  const m = /(\d+)[.,](\d{2})/.exec(text);
  expect(m, text).not.toBeNull();
  return Number(m![1]) * 100 + Number(m![2]);
}

/** Adds the kebapcheta and opens the order modal at the pickup type with the guest's details and `method`. */
async function orderPickup(page: Page, method: string, base = '') {
  await addKebapcheta(page, 1, base);
  const d = await openOrderForm(page);
  await d.getByLabel('Вземане от място').check();
  await fillContact(d);
  await d.getByLabel(method, { exact: true }).check();
  await acceptAll(d);
  return d;
}

/**
 * Adds two portions of kebapcheta (delivery at bistro needs 15.00) and opens the order modal at delivery with a pin
 * in the centre zone, the guest's details and `method`.
 */
async function orderDelivery(page: Page, method: string) {
  await addKebapcheta(page, 2);
  const d = await openOrderForm(page);
  await d.getByLabel('Доставка').check();
  await fillContact(d);
  await fillDeliveryAddress(d);
  await d.getByLabel(method, { exact: true }).check();
  await acceptAll(d);
  return d;
}

/** The online payment fee the modal shows (spec §9), checked against the total it shows; answers the total. */
async function shownTotalWithFee(page: Page): Promise<number> {
  const summary = page.getByRole('dialog', { name: 'Поръчка' }).locator('dl.order-summary');
  const feeRow = summary.locator('div.row-between').filter({ hasText: 'Такса за онлайн плащане' });
  await expect(feeRow).toBeVisible();
  const fee = minorOf(await feeRow.locator('dd').innerText());
  const total = minorOf(await summary.getByTestId('order-total').innerText());
  expect(fee).toBe(Math.round(((total - fee) * TAX_PERCENT) / 100) + TAX_FIXED);
  return total;
}

/** The order answer with its totalPrice (a decimal of the venue currency on the wire, issue 25 #1) in minor units. */
function minorTotal(order: { key: string; totalPrice: number }): { key: string; totalPrice: number } {
  return { ...order, totalPrice: Math.round(order.totalPrice * 100) };
}

/** Sends the open order form; answers the created order (201) of the pickup / table (`preorder`) or delivery call. */
async function sendOrder(page: Page, call: 'preorder' | 'delivery' = 'preorder') {
  const answer = page.waitForResponse(
    (r) => r.url().includes(`/api/orders/${call}`) && r.request().method() === 'POST',
  );
  await page
    .getByRole('dialog', { name: 'Поръчка' })
    .getByRole('button', { name: /Изпрати поръчката/ })
    .click();
  const res = await answer;
  expect(res.status()).toBe(201);
  return minorTotal(await res.json());
}

/** The order's payment state as the waiter board reads it. */
async function boardPaymentStatus(request: APIRequestContext, key: string): Promise<string | undefined> {
  // The board screen's query (open orders): the demo's finished past orders are newer than a pinned clock's.
  const res = await request.get('/api/staff/orders?active=1', {
    headers: await apiHeaders(request, 'waiter'),
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { orders: { key: string; payment_status: string }[] };
  return body.orders.find((o) => o.key === key)?.payment_status;
}

test('an anonymous guest choosing online payment is asked to log in (spec §5)', async ({ page }) => {
  await page.goto('/bistro');
  await orderPickup(page, 'Онлайн с карта');
  await page
    .getByRole('dialog', { name: 'Поръчка' })
    .getByRole('button', { name: /Изпрати поръчката/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Вход' })).toBeVisible();
  await expect(
    page.getByText('За да платите онлайн трябва да сте влезли в акаунта си').first(),
  ).toBeVisible();
});

test('the login detour keeps the checkout: told before sending, signed in from the form, every field still there, then paid online', async ({
  page,
}) => {
  const d = await orderDelivery(page, 'Онлайн с карта');
  // Said before "send": online payment needs an account, the form is kept.
  const hint = d.getByTestId('online-needs-account');
  await expect(hint).toContainText('За онлайн плащане е нужен акаунт');
  await hint.getByRole('button', { name: 'Вход' }).click();
  const login = page.getByRole('dialog', { name: 'Вход' });
  await login.getByLabel('Имейл').fill('guest@demo.test');
  await login.getByLabel('Парола').fill('demo-guest');
  await login.getByRole('button', { name: 'Вход' }).click();
  await expect(login).toBeHidden();

  // Back at the order form, not the cart: the type, the typed name (not the profile's), phone, address, map point,
  // payment choice and agreements are as they were.
  const back = page.getByRole('dialog', { name: 'Поръчка' });
  await expect(back).toBeVisible();
  await expect(back.getByLabel('Доставка')).toBeChecked();
  await expect(back.getByLabel('Име', { exact: true })).toHaveValue('Елена Димитрова');
  await expect(back.getByLabel('Телефон')).toHaveValue('+359 888 123 456');
  await expect(back.getByLabel('Улица')).toHaveValue('ул. Граф Игнатиев');
  await expect(back.getByLabel('Номер', { exact: true })).toHaveValue('12');
  await expect(back.getByLabel('Звънец')).toHaveValue('Димитрова');
  await expect(back.getByTestId('delivery-zone')).toContainText('Адресът е в зоната за доставка');
  await expect(back.getByLabel('Онлайн с карта', { exact: true })).toBeChecked();
  await expect(back.getByTestId('online-needs-account')).toHaveCount(0);
  // The profile filled what was left empty.
  const email = back.getByLabel('Имейл');
  if (await email.isVisible()) await expect(email).toHaveValue('guest@demo.test');
  await sendOrder(page, 'delivery');
  await expect(page).toHaveURL(/\/xdev\/mobile\/api\/payment\/noreg\/send/, { timeout: 15_000 });
});

test('first card: delivery paid online on the provider page (fee shown and charged), back, the order is paid', async ({
  page,
  request,
}) => {
  await logIn(page);
  const d = await orderDelivery(page, 'Онлайн с карта');
  // No saved card yet: a new card is the only choice.
  await expect(d.getByTestId('epay-card-choice').getByLabel('Нова карта')).toBeChecked();
  const shown = await shownTotalWithFee(page);
  const order = await sendOrder(page, 'delivery');
  expect(order.totalPrice).toBe(shown);

  // The provider's first-card page (the simulator), reached through the server's `red` address: the same amount.
  await expect(page).toHaveURL(/\/xdev\/mobile\/api\/payment\/noreg\/send/, { timeout: 15_000 });
  await expect(page.getByText('yes, for one-touch payments')).toBeVisible();
  expect(minorOf(await page.locator('dt:text-is("Amount") + dd').innerText())).toBe(shown);
  await page.getByRole('button', { name: 'Pay with Visa •••• 4242' }).click();

  await expect(page).toHaveURL(/\/bistro\/payment\?ID=\d+&ret=ok/);
  await expect(page.getByText('Плащането е успешно')).toBeVisible({ timeout: 15_000 });
  expect(minorOf(await page.getByTestId('payment-amount').innerText())).toBe(order.totalPrice);
  expect(await boardPaymentStatus(request, order.key)).toBe('paid');
});

test('a declined card: the failure message, the order stays unpaid', async ({ page, request }) => {
  await logIn(page);
  const d = await orderPickup(page, 'Онлайн с карта');
  await d.getByTestId('epay-card-choice').getByLabel('Нова карта').check();
  const order = await sendOrder(page);
  await expect(page).toHaveURL(/\/xdev\/mobile\/api\/payment\/noreg\/send/, { timeout: 15_000 });
  await page.getByRole('button', { name: /Pay with Visa •••• 0002/ }).click();
  await expect(page).toHaveURL(/\/bistro\/payment\?ID=\d+&ret=declined/);
  await expect(page.getByRole('alert')).toHaveText('Плащането не беше успешно, моля опитайте отново', {
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Опитай отново' })).toBeVisible();
  expect(await boardPaymentStatus(request, order.key)).not.toBe('paid');
});

test('One Touch: the saved Visa •••• 4242 pays a delivery in one touch, no provider page', async ({
  page,
  request,
}) => {
  await logIn(page);
  const d = await orderDelivery(page, 'Онлайн с карта');
  const saved = d.getByTestId('epay-card-choice').getByLabel(/Visa •••• 4242/);
  await expect(saved).toBeChecked();
  const shown = await shownTotalWithFee(page);
  const order = await sendOrder(page, 'delivery');
  expect(order.totalPrice).toBe(shown);
  await expect(page).toHaveURL(/\/bistro\/payment$/);
  await expect(page.getByText('Плащането е успешно')).toBeVisible({ timeout: 15_000 });
  expect(minorOf(await page.getByTestId('payment-amount').innerText())).toBe(order.totalPrice);
  expect(await boardPaymentStatus(request, order.key)).toBe('paid');
});

test('web checkout (method online): the auto-submitted ePay form, Pay on the provider page, back, paid', async ({
  page,
  request,
}) => {
  // The demo bistro offers 'epay'; an administrator adds the 'online' method (ePay web checkout, ppResp.redForm).
  const put = (value: string) => putBistroSettings(request, { payment_types: value });
  await put('cash,card,epay,online');
  try {
    await logIn(page);
    await orderPickup(page, 'Онлайн');
    const order = await sendOrder(page);
    // /bistro/payment posts the form to the provider: its page shows the invoice and amount.
    await expect(page).toHaveURL(/\/epay\/$/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(new RegExp(`/bistro/payment\\?orderKey=${order.key}&result=ok`));
    await expect(page.getByText('Плащането е успешно')).toBeVisible({ timeout: 15_000 });
    expect(await boardPaymentStatus(request, order.key)).toBe('paid');
  } finally {
    await put('cash,card,epay');
  }
});

test('paid from another address than PUBLIC_URL: back on that address, signed in and paid; a return without a sign-in asks to sign in, then shows paid', async ({
  page,
  browser,
  request,
}) => {
  // PUBLIC_URL is http://localhost:PORT (the default); this guest browses at http://127.0.0.1:PORT, where their
  // sign-in cookie lives. Before issue 24 #2 the provider sent them back to localhost, signed out.
  const other = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
  // The banner's session cookie belongs to a host: this guest browses at the other one.
  await skipWelcome(page, ['bistro'], other);
  const put = (value: string) => putBistroSettings(request, { payment_types: value });
  await put('cash,card,epay,online');
  try {
    await logIn(page, 'guest@demo.test', 'demo-guest', other);
    await orderPickup(page, 'Онлайн', other);
    const order = await sendOrder(page);
    await expect(page).toHaveURL(/\/epay\/$/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(`${other}/bistro/payment?orderKey=${order.key}&result=ok`);
    await expect(page.getByText('Плащането е успешно')).toBeVisible({ timeout: 15_000 });

    // The same return opened where the guest has no sign-in (another browser, an expired session): no endless
    // "checking…", but what to do; signing in there shows the outcome.
    const fresh = await browser.newContext();
    try {
      const other2 = await fresh.newPage();
      await other2.clock.setFixedTime(new Date(TUESDAY_NOON));
      await skipWelcome(other2);
      await other2.goto(
        `http://localhost:${process.env.E2E_PORT ?? 3100}/bistro/payment?orderKey=${order.key}&result=ok`,
      );
      const outcome = other2.getByTestId('payment-outcome');
      await expect(outcome).toHaveAttribute('data-outcome', 'signedOut');
      await expect(outcome.getByRole('alert')).toContainText('Не сте влезли в акаунта си на тази страница');
      await outcome.getByRole('button', { name: 'Вход' }).click();
      const dialog = other2.getByRole('dialog', { name: 'Вход' });
      await dialog.getByLabel('Имейл').fill('guest@demo.test');
      await dialog.getByLabel('Парола').fill('demo-guest');
      await dialog.getByRole('button', { name: 'Вход' }).click();
      await expect(other2.getByText('Плащането е успешно')).toBeVisible({ timeout: 15_000 });
    } finally {
      await fresh.close();
    }
  } finally {
    await put('cash,card,epay');
  }
});

test('first card from another address than PUBLIC_URL: the provider sends the guest back to that address, signed in and paid', async ({
  page,
  request,
}) => {
  // PUBLIC_URL is http://localhost:PORT; this guest pays from http://127.0.0.1:PORT (issue 24 #3: the first-card
  // return landed on PUBLIC_URL, signed out).
  const other = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
  await skipWelcome(page, ['bistro'], other);
  await logIn(page, 'guest@demo.test', 'demo-guest', other);
  const d = await orderPickup(page, 'Онлайн с карта', other);
  await d.getByTestId('epay-card-choice').getByLabel('Нова карта').check();
  const order = await sendOrder(page);
  await expect(page).toHaveURL(/\/xdev\/mobile\/api\/payment\/noreg\/send/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Pay with Visa •••• 4242' }).click();
  await expect(page).toHaveURL(new RegExp(`^${other.replace(/\./g, '\\.')}/bistro/payment\\?ID=\\d+&ret=ok`));
  await expect(page.getByText('Плащането е успешно')).toBeVisible({ timeout: 15_000 });
  expect(await boardPaymentStatus(request, order.key)).toBe('paid');
});

test('saved cards on the profile: delete Visa •••• 4242 with a new token', async ({ page }) => {
  await logIn(page);
  await page.goto('/bistro/profile');
  const cards = page.getByTestId('saved-cards');
  await expect(cards.getByText(/Visa •••• 4242/)).toBeVisible();
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/epay/deleteUserPaymentInstrument'));
  await cards.getByRole('button', { name: /Изтрий Visa •••• 4242/ }).click();
  const answer = (await (await deleted).json()) as { payload: { uToken: string } };
  await expect(cards.getByText('Успешно изтрит инструмент за плащане')).toBeVisible();
  await expect(cards.getByText(/Visa •••• 4242/)).toHaveCount(0);
  // The answered token is the one kept (the pinned clock may sign the very same token again).
  const kept = (await page.context().cookies()).find((c) => c.name === 'auth_token')?.value;
  expect(kept).toBe(answer.payload.uToken);
  // The new token works: a reload keeps the session and the card stays gone.
  await page.reload();
  await expect(page.getByTestId('saved-cards')).toBeVisible();
  await expect(page.getByTestId('saved-cards').getByText(/Visa •••• 4242/)).toHaveCount(0);
});
