/**
 * Booking journeys (issue 10; issue 23 #5 double opt-in): a guest books a table at /bistro/reservations for 2
 * tomorrow at a free hour — the booking holds the last table but awaits confirmation — gets the e-mail with the
 * link (test outbox), opens it, confirms, gets the confirmation e-mail, cancels by the same link, and the hour is
 * free again; an unconfirmed booking releases its table after 30 minutes (server clock moved on); a booking-type
 * product opens the booking modal instead of a product page. Server and browser clocks are pinned to one instant.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { chooseOption } from './choose-option.ts';

startFromFreshDatabase();
// The second journey books next to the first one's other guests (the last table for two at 19:00).
test.describe.configure({ mode: 'serial' });

// Tuesday 2026-03-03 12:00 in Sofia (the bistro: closed Mondays, 08:00–23:00; 12 tables, two halls).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const TOMORROW = '2026-03-04';
const HOUR = '19:00';
const TENANT = { client: 'demo', place: 'bistro' };

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function freeHours(request: APIRequestContext, people: number): Promise<string[]> {
  const res = await request.post('/api/bookings/getFreeHoursForDate', {
    headers: TENANT,
    data: { date: TOMORROW, people },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { time: string }[]).map((h) => h.time);
}

/**
 * Books through the API (other guests, each from their own address and phone, confirmed by their links), so the
 * hour is down to its last table for two.
 */
async function bookOtherGuests(request: APIRequestContext, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/bookings', {
      headers: { ...TENANT, 'x-forwarded-for': `203.0.113.${i + 10}` },
      data: {
        date: TOMORROW,
        time: HOUR,
        people: 2,
        name: `Друг гост ${i + 1}`,
        phone: `+359 888 000 ${String(100 + i)}`,
        email: `other${i}@example.com`,
        terms_accepted: true,
      },
    });
    expect(res.status()).toBe(201);
    const link = new URL(((await res.json()) as { cancelUrl: string }).cancelUrl);
    const confirmed = await request.post(`/api/bookings/${link.searchParams.get('booking')}/confirm`, {
      headers: TENANT,
      data: { token: link.searchParams.get('token') },
    });
    expect(confirmed.ok()).toBe(true);
  }
}

/** The link of the newest e-mail to `email` with `tag`. */
async function mailedLink(request: APIRequestContext, email: string, tag: string): Promise<URL> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)
      ).json()) as { text: string; tag: string }[];
      const mail = mails.find((m) => m.tag === tag);
      link =
        /https?:\/\/\S+\/bistro\/reservations\?booking=\d+&token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return new URL(link);
}

async function bookThroughTheForm(page: Page, email: string) {
  await page.goto('/bistro/reservations');
  await expect(page.getByRole('heading', { name: 'Резервация на маса' })).toBeVisible();
  await chooseOption(page, 'Брой хора', '2');
  await page.locator(`[data-date="${TOMORROW}"]`).click();
  await page.getByRole('radio', { name: HOUR }).check();
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Резервирай' }).click();
}

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('Име', { exact: true }).fill('Мария Иванова');
  await page.getByLabel('Телефон').fill('+359 888 123 456');
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Приемам общите условия').check();
}

test('book the last table for 2 → "confirm your booking" → e-mail → confirm by its link → confirmed e-mail → cancel → the hour is free again', async ({
  page,
  request,
}) => {
  // 12 tables seat two; 11 are taken at 19:00, so the guest's booking takes the last one.
  expect(await freeHours(request, 2)).toContain(HOUR);
  await bookOtherGuests(request, 11);
  expect(await freeHours(request, 2)).toContain(HOUR);

  await page.goto('/bistro/reservations');
  await chooseOption(page, 'Брой хора', '2');
  // Today and the past month days: today is bookable, yesterday (Monday) is not.
  await expect(page.locator('[data-date="2026-03-02"]')).toHaveAttribute('aria-disabled', 'true');
  const email = `maria-${Date.now()}@example.com`;
  await bookThroughTheForm(page, email);

  const result = page.getByTestId('booking-result');
  await expect(result.getByRole('heading', { name: 'Потвърдете резервацията си' })).toBeVisible();
  await expect(result.getByText('Изпратихме ви имейл.', { exact: false })).toBeVisible();
  await expect(result.getByText('до 12:30', { exact: false })).toBeVisible();
  await expect(result.getByTestId('booking-status')).toHaveText('Очаква потвърждение');
  const reservationId = (await result.getByTestId('reservation-id').textContent())?.trim();
  expect(reservationId).toMatch(/^\d+$/);
  // Held while unconfirmed: 19:00 is no longer offered for two.
  expect(await freeHours(request, 2)).not.toContain(HOUR);

  const url = await mailedLink(request, email, 'booking_confirm_request');
  expect(url.searchParams.get('booking')).toBe(reservationId);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Вашата резервация' })).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Очаква потвърждение');
  await page.getByRole('button', { name: 'Потвърди резервацията' }).click();
  await expect(page.getByText('Резервацията ви е потвърдена.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Потвърдена');
  await expect(page.getByRole('button', { name: 'Потвърди резервацията' })).toHaveCount(0);
  // The confirmation e-mail follows, with the same link.
  expect((await mailedLink(request, email, 'booking_confirmation')).search).toBe(url.search);

  await page.getByRole('button', { name: 'Отмени резервацията' }).click();
  await expect(page.getByText('Резервацията е отменена.')).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Отменена');
  expect(await freeHours(request, 2)).toContain(HOUR);

  // The link again: shown as already cancelled, no cancel button.
  await page.reload();
  await expect(page.getByText('Тази резервация вече е отменена.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отмени резервацията' })).toHaveCount(0);

  // The form offers 19:00 again for two.
  await page.goto('/bistro/reservations');
  await page.locator(`[data-date="${TOMORROW}"]`).click();
  await expect(page.getByRole('radio', { name: HOUR })).toBeVisible();
});

test('an unconfirmed booking releases the last table after 30 minutes; its link then says to book again', async ({
  page,
  request,
}) => {
  // The other guests of the first journey still hold 11 tables for two at 19:00 (confirmed).
  const email = `late-${Date.now()}@example.com`;
  await bookThroughTheForm(page, email);
  await expect(page.getByTestId('booking-result').getByTestId('booking-status')).toHaveText(
    'Очаква потвърждение',
  );
  expect(await freeHours(request, 2)).not.toContain(HOUR);
  const url = await mailedLink(request, email, 'booking_confirm_request');

  // 31 minutes later, never confirmed: the table is free again.
  const later = new Date(new Date(TUESDAY_NOON).getTime() + 31 * 60_000);
  expect((await page.request.put('/api/__test/clock', { data: { now: later.toISOString() } })).ok()).toBe(
    true,
  );
  await page.clock.setFixedTime(later);
  expect(await freeHours(request, 2)).toContain(HOUR);
  await page.goto(url.pathname + url.search);
  await expect(page.getByTestId('booking-status')).toHaveText('Изтекла');
  await expect(
    page.getByText('Резервацията вече не може да бъде потвърдена', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Потвърди резервацията' })).toHaveCount(0);
});

test('a booking-type product opens the booking modal instead of a product page', async ({ page }) => {
  await page.goto('/bistro/degustatsii');
  const card = page.getByRole('article').filter({ hasText: 'Дегустационно меню за двама' });
  await expect(card.getByRole('link')).toHaveCount(0);
  await card.getByRole('button', { name: 'Резервирай' }).click();
  const dialog = page.getByRole('dialog', { name: 'Дегустационно меню за двама' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Продължителност: 120 мин.')).toBeVisible();
  await expect(dialog.getByLabel('Брой хора')).toBeVisible();
  await expect(dialog.getByRole('grid')).toBeVisible();
  await expect(page).toHaveURL(/\/bistro\/degustatsii$/);
  await dialog.getByRole('button', { name: 'Затвори' }).click();
  await expect(dialog).toHaveCount(0);
});
