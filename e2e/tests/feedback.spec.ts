/**
 * Feedback (spec §1 "leave feedback", §2 /{place}/feedback), through the screens only: a guest opens the venue's
 * feedback page in their own browser, rates the food and the service, answers the text question, writes a review
 * and a name, sends it and is thanked; the waiter, signed in on the board, sees it arrive live in the side panel
 * with every answer as the server stored it, and hides it. An empty form is refused with the failure message.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test } from '@playwright/test';
import { skipWelcome } from './welcome.ts';

startFromFreshDatabase();

// Tuesday 12:00 in Sofia: the bistro is open (closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';

test.beforeEach(async ({ request }) => {
  const res = await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
});

test('a guest leaves feedback on the feedback page; the waiter sees every answer arrive live on the board', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await page.goto('/bistro/staff');
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeVisible();
  await expect(page.getByText('На живо')).toBeVisible({ timeout: 15_000 });

  const name = `Гост ${Date.now() % 100000}`;
  const context = await browser.newContext();
  try {
    const guest = await context.newPage();
    await guest.clock.setFixedTime(new Date(TUESDAY_NOON));
    await skipWelcome(guest);
    await guest.goto('/bistro/feedback');
    await expect(guest.getByRole('heading', { level: 1, name: 'Обратна връзка' })).toBeVisible();

    // Nothing filled in: refused, the form stays.
    await guest.getByRole('button', { name: 'Изпрати' }).click();
    await expect(guest.getByRole('alert')).toHaveText('Отзивът не беше изпратен. Моля опитайте отново.');

    const food = guest.getByRole('radiogroup', { name: 'Как оценявате храната?' });
    await food.getByRole('radio', { name: '4 от 5' }).check();
    const service = guest.getByRole('radiogroup', { name: 'Как оценявате обслужването?' });
    await service.getByRole('radio', { name: '5 от 5' }).check();
    await guest.getByLabel('Какво можем да подобрим?').fill('Повече места на терасата');
    await guest.getByLabel('Вашият отзив').fill('Кебапчетата бяха чудесни');
    await guest.getByLabel('Име (по желание)').fill(name);
    await guest.getByRole('button', { name: 'Изпрати' }).click();
    await expect(
      guest.getByRole('status').filter({ hasText: 'Благодарим за обратната връзка!' }),
    ).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Изпрати' })).toHaveCount(0);
  } finally {
    await context.close();
  }

  // The board's side panel: the notice under "Отзиви", with each stored answer.
  const notice = page
    .getByRole('region', { name: 'Отзиви' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Скрий' }) })
    .filter({ hasText: name });
  await expect(notice).toHaveCount(1, { timeout: 10_000 });
  await expect(notice).toContainText('Как оценявате храната?: 4 / 5');
  await expect(notice).toContainText('Как оценявате обслужването?: 5 / 5');
  await expect(notice).toContainText('Какво можем да подобрим?: „Повече места на терасата“');
  await expect(notice).toContainText('„Кебапчетата бяха чудесни“');
  await expect(notice.locator('strong')).toHaveText(name);
  await notice.getByRole('button', { name: 'Скрий' }).click();
  await expect(notice).toHaveCount(0);
});
