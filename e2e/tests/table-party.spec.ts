import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Browser, type Page } from '@playwright/test';

startFromFreshDatabase();

/**
 * The table as one party (issue 19), through the screens only: three phones (browser contexts) scan table 4; two add
 * dishes, the third sees them arrive live; one sends the table's order; the bill is split — one pays their items
 * online on the provider simulator, the other two split the rest in equal shares, asking the waiter for cash and
 * card; the waiter marks those paid on the board and the table's session closes on every phone.
 */
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const TABLE = '/bistro/t/demo-t4';
const API_HEADERS = { client: 'demo', place: 'bistro' };

test.beforeEach(async ({ request }) => {
  const res = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  // The venue opts in to the shared table (set-up, as an administrator would in the settings screen).
  const login = await request.post('/api/login', {
    headers: API_HEADERS,
    data: { email: 'admin@demo.test', password: 'demo-admin' },
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const put = await request.put('/api/admin/settings', {
    headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    data: { shared_table_cart: '1' },
  });
  expect(put.ok(), await put.text()).toBe(true);
});

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    for (const p of ['bistro', 'hotel']) sessionStorage.setItem(`welcome_banner_seen_${p}`, '1');
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await page.goto(TABLE);
  await expect(page).toHaveURL(/\/bistro$/);
  return page;
}

async function addKebapcheta(page: Page) {
  await page.goto('/bistro/skara/kebapcheta');
  await page.getByLabel('5 бр.').check();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Добави в количката' }).first().click();
}

async function openCart(page: Page) {
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('shared-cart')).toBeVisible();
}

async function openBill(page: Page) {
  await page.getByTestId('cart-button').click();
  await page.getByRole('tab', { name: 'Сметка' }).click();
  await expect(page.getByTestId('table-bill')).toBeVisible();
}

test('three phones at one table: shared cart live, one order, split by items and shares, paid online and cash, closed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [anna, boris, vera] = [await phone(browser), await phone(browser), await phone(browser)];

  // Vera watches the table's cart; Anna names herself and adds a dish.
  await openCart(vera);
  await addKebapcheta(anna);
  await openCart(anna);
  await anna.getByLabel('Вашето име на масата').fill('Анна');
  await anna.getByRole('button', { name: 'Запази името' }).click();
  await expect(anna.getByText('Името е запазено.')).toBeVisible();
  const veraLines = vera.getByTestId('party-line');
  await expect(veraLines).toHaveCount(1, { timeout: 5_000 });
  await expect(veraLines.first()).toContainText('добавено от Анна');

  // Boris adds his; Vera sees it without reloading.
  await addKebapcheta(boris);
  await expect(veraLines).toHaveCount(2, { timeout: 5_000 });
  await expect(veraLines.nth(1)).toContainText(/добавено от Гост \d/);

  // Anna sends the table's order; every phone sees it sent.
  await anna.getByRole('button', { name: 'Поръчай за масата' }).click();
  await expect(anna.getByTestId('party-sent')).toContainText('Поръчката е изпратена от Анна');
  await expect(vera.getByTestId('party-sent')).toContainText('Поръчката е изпратена от Анна', {
    timeout: 5_000,
  });
  await expect(veraLines).toHaveCount(0);

  // Anna pays her own dish online (split by items), on the provider's page.
  await anna.getByRole('tab', { name: 'Сметка' }).click();
  await anna
    .getByTestId('table-bill')
    .getByLabel(/Кебапчета/)
    .first()
    .selectOption('1');
  await anna.getByRole('button', { name: 'Плати онлайн' }).click();
  await expect(anna).toHaveURL(/\/epay\/(\?|$)/, { timeout: 15_000 });
  await anna.getByRole('button', { name: /^Pay / }).click();
  await expect(anna).toHaveURL(/\/bistro\?bill=1&payment=ok/, { timeout: 15_000 });
  await expect(anna.getByTestId('table-bill')).toBeVisible();
  await expect(anna.getByTestId('bill-share').first()).toHaveAttribute('data-status', 'paid', {
    timeout: 15_000,
  });

  // Boris and Vera split the rest in two equal shares: cash and card to the waiter.
  await vera.getByRole('tab', { name: 'Сметка' }).click();
  await openBill(boris);
  await expect(vera.getByTestId('bill-share')).toHaveCount(1);
  for (const [who, method] of [
    [boris, 'Плати в брой на сервитьора'],
    [vera, 'Плати с карта на сервитьора'],
  ] as const) {
    await who.getByLabel('Равни части').check();
    await who.getByLabel('Брой хора').fill('2');
    await who.getByRole('button', { name: method }).click();
    await expect(who.getByText(/Сервитьорът идва за/)).toBeVisible();
    // Every phone sees the new share live before the next one pays.
    for (const p of [anna, boris, vera])
      await expect(p.getByTestId('bill-share')).toHaveCount(who === boris ? 2 : 3);
  }
  await expect(anna.getByTestId('bill-remaining')).toHaveAttribute('data-minor', '0', { timeout: 5_000 });

  // The waiter marks both paid on the board; the table's session closes on every phone.
  const waiterContext = await browser.newContext();
  const waiter = await waiterContext.newPage();
  await waiter.goto('/bistro/staff');
  await waiter.getByLabel('Имейл').fill('waiter@demo.test');
  await waiter.getByLabel('Парола').fill('demo-waiter');
  await waiter.getByRole('button', { name: 'Вход' }).click();
  const card = waiter.getByTestId('table-bill-card').filter({ hasText: 'Маса 4' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('онлайн');
  for (let i = 0; i < 2; i += 1) {
    await card.getByRole('button', { name: 'Отбележи платено' }).first().click();
    await expect(card.getByRole('button', { name: 'Отбележи платено' })).toHaveCount(1 - i, {
      timeout: 5_000,
    });
  }
  for (const p of [anna, boris, vera]) {
    await expect(p.getByTestId('bill-closed')).toBeVisible({ timeout: 10_000 });
  }
});
