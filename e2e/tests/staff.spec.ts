import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const TENANT = { client: 'demo', place: 'bistro' };

interface Product {
  id: number;
  name: string;
  type: string;
  in_stock: number;
  hide_for_ordering: number;
  catHierarchyId: number | null;
  product_ingredients: unknown[];
  product_variants: { id: number; size: string | null; price: number }[];
}

/** A guest at table 3 (its QR token) through the API: the table session. */
async function openTableSession(guest: APIRequestContext): Promise<string> {
  const res = await guest.post('/api/tables/verify_token', {
    headers: TENANT,
    data: { token: 'demo-t3', placeSlug: 'bistro' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { session: string }).session;
}

/** A cart line as the browser sends it, for an orderable product without ingredients (prices are re-read). */
async function cartLine(guest: APIRequestContext, quantity: number) {
  const products = (await (
    await guest.get('/api/products?active=1', { headers: TENANT })
  ).json()) as Product[];
  const p = products.find(
    (x) =>
      x.type === 'normal' &&
      x.in_stock === 1 &&
      x.hide_for_ordering === 0 &&
      x.product_ingredients.length === 0 &&
      x.product_variants.length > 0,
  );
  expect(p, 'an orderable bistro product without ingredients').toBeTruthy();
  const v = p!.product_variants[0]!;
  return {
    product_variant_id: v.id,
    product_id: p!.id,
    size: v.size,
    price: v.price,
    additional_price: 0,
    name: p!.name,
    image: null,
    date_added: TUESDAY_NOON,
    product_translations: {},
    variant_translations: {},
    product_ingredients: [],
    ingredients: { required: 0, addable: [], removable: [] },
    quantity,
    catHierarchyId: p!.catHierarchyId,
    discount_percent: 0,
    discount_money: 0,
    time_based_discount_enabled: 0,
    time_based_discount_percent: 0,
    time_based_discount_start_hour: 0,
    time_based_discount_end_hour: 23,
    time_based_discount_days: [],
    disable_promocode_discount: 0,
  };
}

/** Places a spot order; answers its public key (what the board's card carries). */
async function placeOrder(guest: APIRequestContext, session: string, quantity: number): Promise<string> {
  const res = await guest.post('/api/orders', {
    headers: TENANT,
    data: { session, products: [await cartLine(guest, quantity)], order_comment: [] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

async function guestOrderStatus(guest: APIRequestContext, session: string): Promise<string[]> {
  const res = await guest.get(`/api/orders/by_table_session/${session}?timestamp=${Date.now()}`, {
    headers: TENANT,
  });
  const body = (await res.json()) as { orders: { status: string }[] };
  return body.orders.map((o) => o.status);
}

async function staffLogin(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Парола').fill(password);
  await page.getByRole('button', { name: 'Вход' }).click();
}

test.beforeEach(async ({ request }) => {
  const res = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
});

test('the waiter sees a guest order arrive live, accepts and serves it; the guest sees it; calls and bills are marked done', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await staffLogin(page, '/bistro/staff', 'waiter@demo.test', 'demo-waiter');
  await expect(page.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeVisible();
  await expect(page.getByText('На живо')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Начало на смяната' }).click();
  await expect(page.getByRole('button', { name: 'Без звук' })).toBeVisible();

  // A guest at table 3, in a second browser context.
  const guestContext = await browser.newContext();
  const guest = guestContext.request;
  const session = await openTableSession(guest);
  const orderKey = await placeOrder(guest, session, 3);

  // The order appears without a reload, highlighted, and the title counts it.
  const card = page.locator(`article[data-order-key="${orderKey}"]`);
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card).toContainText('Маса 3');
  await expect(card.getByText('Нова', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);
  await expect(page.getByRole('status').filter({ hasText: 'Нова поръчка' })).toHaveCount(1);

  // Accept (the highlight goes), then served: only legal buttons are offered.
  await card.getByRole('button', { name: 'Приеми' }).click();
  await expect(card.getByText('Нова', { exact: true })).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\)/);
  await expect(card.getByRole('button', { name: 'Сервирана' })).toBeVisible();
  await card.getByRole('button', { name: 'Сервирана' }).click();
  await expect(card).toHaveAttribute('data-status', 'served_spot');
  await expect(card.getByRole('button', { name: 'Сервирана' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Платена' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Откажи…' })).toHaveCount(0);

  // The guest's "my orders" shows the new status.
  await expect.poll(() => guestOrderStatus(guest, session), { timeout: 10_000 }).toEqual(['served_spot']);

  // A waiter call arrives in the side panel and is marked done.
  const call = await guest.post('/api/user-needs', {
    headers: TENANT,
    data: { token: session, type: 'bring_ice' },
  });
  expect(call.status()).toBe(201);
  const callId = ((await call.json()) as { id: number }).id;
  const callItem = page.locator(`li[data-need-id="${callId}"]`);
  await expect(callItem).toContainText('Маса 3', { timeout: 5_000 });
  await expect(callItem).toContainText('Лед');
  await callItem.getByRole('button', { name: /^Готово: Маса 3, Лед/ }).click();
  await expect(callItem).toHaveCount(0);

  // A bill request with its payment method, likewise.
  const bill = await guest.put(`/api/orders/by_table_session/${session}/bill_wanted`, {
    headers: TENANT,
    data: { status: 1, paymentMethod: 'card' },
  });
  expect(bill.status()).toBe(200);
  const billItem = page.locator('li[data-need-id]').filter({ hasText: 'Сметка — С карта' });
  await expect(billItem).toBeVisible({ timeout: 5_000 });
  await billItem.getByRole('button').click();
  await expect(billItem).toHaveCount(0);

  // After a reload, everything is shown once.
  await page.reload();
  await expect(page.locator(`article[data-order-key="${orderKey}"]`)).toHaveCount(1);
  // Other journeys share this database and may leave their own tables' calls open: check this table's only.
  await expect(page.getByRole('button', { name: /^Готово: Маса 3,/ })).toHaveCount(0);
  await expect(
    page.locator('li[data-need-id]').first().or(page.getByText('Няма отворени повиквания.')),
  ).toBeVisible();
  await guestContext.close();
});

test('the admin adds a table and sees its QR code', async ({ page }) => {
  await staffLogin(page, '/bistro/staff/tables', 'admin@demo.test', 'demo-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Маси и стаи' })).toBeVisible();
  const number = `E2E${Date.now() % 100000}`;
  await page.getByLabel('Номер').fill(number);
  await page.getByRole('button', { name: 'Добави', exact: true }).click();
  const name = `Маса ${number}`;
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Покажи QR кода на ${name}` }).click();
  const img = row.getByRole('img', { name: `QR код на ${name}` });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(row.getByRole('link')).toHaveText(new RegExp(`/bistro/t/[^/]+$`));
});
