import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { chooseOption } from './choose-option.ts';
import { addKebapcheta, openOrderForm, ORDER_OR_KEEP } from './order-form.ts';

startFromFreshDatabase();

// The admin's orders (issue 21 #4): a guest's pickup order, placed through the guest screens, is found in the admin
// orders list by the guest's phone, opened (lines, size, extras, payment, history), and the list's filters survive
// the way back; then the list of the demo's 60 days of history is filtered, sorted and paged by the server.

// Tuesday 12:00 in Sofia: the bistro is open.
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function signInToBistro(page: Page) {
  await signInToAdmin(page);
  await page
    .getByRole('navigation', { name: 'Раздели на администрацията' })
    .getByRole('link', { name: 'Поръчки', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поръчки');
}

/** The minor units of a rendered amount ('13,40 €'). */
const minorOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

test('a guest’s pickup order is found by phone, opened with its lines and history, and back keeps the search', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The guest: kebapcheta, 5 pieces, with lyutenitsa, for pickup, paid in cash.
  await addKebapcheta(page);
  const d = await openOrderForm(page, ORDER_OR_KEEP);
  await page.getByLabel('Вземане от място').check();
  await d.getByLabel('Име', { exact: true }).fill('Гергана Орлова');
  await d.getByLabel('Телефон').fill('+359 877 999 111');
  await page.getByLabel('В брой').check();
  await page.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Изпрати поръчката/ }).click();
  await expect(page.getByText(/Благодарим ви!/)).toBeVisible();

  // The admin finds it by the phone as typed differently.
  await signInToBistro(page);
  const table = page.getByRole('table', { name: 'Поръчки' });
  await page.getByRole('searchbox', { name: 'Номер, име или телефон' }).fill('0877 999 111');
  await expect(page).toHaveURL(/q=0877/);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('Вземане от място');
  await expect(row).toContainText('Гергана Орлова');
  await expect(row).toContainText('Приета');
  await expect(row).toContainText('В брой');
  const listedTotal = minorOf((await row.locator('td').nth(5).textContent()) ?? '');
  expect(listedTotal).toBeGreaterThan(820);

  // The same order by its short number and by the name in other letters' case.
  await page.getByRole('searchbox', { name: 'Номер, име или телефон' }).fill('#1');
  await expect(rows).toHaveCount(1);
  await expect(row).toContainText('Гергана Орлова');
  await page.getByRole('searchbox', { name: 'Номер, име или телефон' }).fill('Орлова');
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent('Орлова')}`));

  // The detail.
  await row.getByRole('link', { name: 'Отвори поръчка #1' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?.*order=\d+/);
  await expect(page.getByRole('heading', { level: 2, name: /Поръчка #1/ })).toBeFocused();
  const lines = page.getByRole('region', { name: 'Артикули' });
  await expect(lines).toContainText('Кебапчета');
  await expect(lines).toContainText('5 бр.');
  await expect(lines.getByRole('listitem').first()).toHaveText('с Пържени картофи');
  const detailTotal = minorOf((await lines.locator('dl > div').last().locator('dd').textContent()) ?? '');
  expect(detailTotal).toBe(listedTotal);
  await expect(page.getByText('В брой · още не е платена')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'История на статуса' }).getByRole('listitem').first(),
  ).toContainText('Приета');

  // Back: the same search.
  await page.getByRole('link', { name: '← Всички поръчки' }).click();
  await expect(page.getByRole('searchbox', { name: 'Номер, име или телефон' })).toHaveValue('Орлова');
  await expect(rows).toHaveCount(1);
});

test('the history: filters, sorting and pages come from the server', async ({ page }) => {
  await signInToBistro(page);
  const table = page.getByRole('table', { name: 'Поръчки' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  const pager = page.getByText(/^Страница 1 от \d+/);
  await expect(pager).toBeVisible();
  const pages = Number(/от (\d+)/.exec((await pager.textContent()) ?? '')?.[1]);
  expect(pages).toBeGreaterThan(10);

  // Rejected deliveries only.
  await chooseOption(page, 'Статус', 'Отказана');
  await chooseOption(page, 'Вид', 'Доставка');
  await expect(page).toHaveURL(/status=rejected/);
  await expect(rows.first()).toBeVisible();
  // (The earlier rows stay while the filtered page loads.)
  await expect
    .poll(async () => [...new Set(await rows.locator('td:nth-child(5)').allTextContents())])
    .toEqual(['Отказана']);
  await expect
    .poll(async () => [...new Set(await rows.locator('td:nth-child(3)').allTextContents())])
    .toEqual(['Доставка']);

  // Clear, then the largest totals first: each row's total at least the next one's, also across a page.
  await page.getByRole('button', { name: 'Изчисти филтрите' }).click();
  const totalHeader = table.getByRole('columnheader', { name: 'Общо' });
  await totalHeader.getByRole('button').click();
  await expect(totalHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=total/);
  const totals = async () => (await rows.locator('td:nth-child(6)').allTextContents()).map(minorOf);
  // The rows of the earlier order stay while the sorted page loads: wait for the sorted 25.
  const descending = (list: number[]) => list.every((v, i) => i === 0 || list[i - 1]! >= v);
  await expect
    .poll(async () => {
      const list = await totals();
      return list.length === 25 && descending(list);
    })
    .toBe(true);
  const first = await totals();
  expect(first).toEqual([...first].sort((a, b) => b - a));
  await page.getByRole('button', { name: 'Следваща' }).click();
  await expect(page.getByText(/^Страница 2 от/)).toBeVisible();
  await expect.poll(async () => (await totals())[0]! <= first[24]!).toBe(true);

  // A day with no orders: the empty state.
  // The dates are date fields (components/ui DateTimeField): day, month and year segments, typed in Bulgarian order.
  for (const name of ['От', 'До']) {
    await page.getByRole('group', { name, exact: true }).getByRole('spinbutton').first().click();
    await page.keyboard.type('01012020');
  }
  await expect(table.getByRole('cell', { name: 'Няма поръчки по тези условия.' })).toBeVisible();
});
