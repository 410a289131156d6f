/**
 * Booking deposit journey (issue 10 with the payments module): with the online payment flag on for bistro, a guest
 * books, presses "Pay deposit", pays on the provider simulator's ePay page (PAYMENT_SIMULATOR=1 in
 * playwright.config.ts), comes back to /bistro/reservations?booking={id}&payment=ok, and sees the booking confirmed
 * once the server says so (the simulator's signed notification confirmed it). Server and browser clocks are pinned
 * to one Tuesday instant. The flag is switched off again afterwards: the other booking journeys expect no deposit.
 * Then the waiter's /bistro/staff/bookings: that booking confirmed; a new one arriving live awaiting the guest's
 * e-mail confirmation (double opt-in, issue 23 #5: shown apart, not in the confirmed people total); the guest opens
 * the e-mailed link in their own browser and confirms; the waiter's card turns confirmed live; seat and cancel.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';
import { chooseOption } from './choose-option.ts';

startFromFreshDatabase();

// Tuesday 2026-03-03 12:00 in Sofia (the bistro: closed Mondays, 08:00–23:00).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
// Thursday at 13:00 for 4: away from the hour the other booking journey fills up.
const DATE = '2026-03-05';
const HOUR = '13:00';
const TENANT = { client: 'demo', place: 'bistro' };

async function adminSettings(request: APIRequestContext, values: Record<string, string | number | null>) {
  const res = await request.put('/api/admin/settings', {
    headers: await apiHeaders(request),
    data: values,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

// The staff journey reads the booking the deposit journey paid.
test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

test('deposit: book with the online payment flag → Pay deposit → pay on the provider page → confirmed', async ({
  page,
  request,
}) => {
  await adminSettings(request, { booking_online_payment: 1, booking_deposit: 20 });
  try {
    const setup = await request.get('/api/bookings/halls', { headers: TENANT });
    // The guest call answers the venue currency (issue 25 #1): booking_deposit 20 is 20.
    expect(await setup.json()).toMatchObject({ online_payment: true, deposit: 20 });

    await page.goto('/bistro/reservations');
    await expect(page.getByRole('heading', { name: 'Резервация на маса' })).toBeVisible();
    await chooseOption(page, 'Брой хора', '4');
    await page.locator(`[data-date="${DATE}"]`).click();
    await page.getByRole('radio', { name: HOUR }).check();
    await page.getByLabel('Име', { exact: true }).fill('Петър Георгиев');
    await page.getByLabel('Телефон').fill('+359 888 654 321');
    const email = `petar-${Date.now()}@example.com`;
    await page.getByLabel('Имейл').fill(email);
    await page.getByLabel('Приемам общите условия').check();
    await page.getByRole('button', { name: 'Резервирай' }).click();

    const result = page.getByTestId('booking-result');
    await expect(result.getByRole('heading', { name: 'Резервацията очаква депозит' })).toBeVisible();
    await expect(result.getByText(/^Депозит: 20[.,]00/)).toBeVisible();
    await expect(result.getByTestId('booking-status')).toHaveText('Очаква плащане');
    const reservationId = (await result.getByTestId('reservation-id').textContent())?.trim() ?? '';
    expect(reservationId).toMatch(/^\d+$/);

    const pay = page.waitForResponse((r) => /\/api\/bookings\/\d+\/pay$/.test(r.url()));
    await result.getByRole('button', { name: 'Плати депозита' }).click();
    expect((await pay).status()).toBe(200);

    // /bistro/payment posted the form to the simulator's ePay page.
    await expect(page).toHaveURL(/\/epay\/$/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL(new RegExp(`/bistro/reservations\\?booking=${reservationId}&payment=ok`));
    await expect(page.getByTestId('deposit-outcome')).toHaveAttribute('data-outcome', 'paid', {
      timeout: 20_000,
    });
    await expect(
      page.getByText('Депозитът е платен – резервацията ви е потвърдена.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByTestId('booking-status')).toHaveText('Потвърдена');
    await expect(page.getByTestId('reservation-id')).toHaveText(reservationId);

    // The confirmation e-mail follows the paid deposit.
    await expect
      .poll(async () => {
        const mails = (await (
          await request.get(`/api/__test/outbox?to=${encodeURIComponent(email)}`)
        ).json()) as {
          text: string;
        }[];
        return mails.length;
      })
      .toBeGreaterThan(0);
  } finally {
    await adminSettings(request, { booking_online_payment: 0, booking_deposit: 0 });
  }
});

test('staff bookings view: the waiter sees the day, a new booking arrives pending, the guest confirms by the e-mailed link, the waiter seats it', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/bistro/staff/bookings');
  await page.getByLabel('Имейл').fill('waiter@demo.test');
  await page.getByLabel('Парола').fill('demo-waiter');
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Резервации' })).toBeVisible();
  // The day is a date field (components/ui DateTimeField): day, month and year typed into its segments.
  await page.getByRole('group', { name: 'Дата', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(DATE.split('-').reverse().join(''));
  await expect(page.getByText('На живо')).toBeVisible({ timeout: 15_000 });
  // The paid deposit of the first journey: confirmed.
  const paid = page.getByTestId('staff-booking').filter({ hasText: 'Петър Георгиев' });
  await expect(paid.getByTestId('staff-booking-status')).toHaveText('Потвърдена');

  // Another guest books meanwhile, through the form in their own browser (from their own address).
  const guestEmail = `live-${Date.now()}@example.com`;
  const guestContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.50' } });
  const guest = await guestContext.newPage();
  await guest.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(guest);
  await guest.goto('/bistro/reservations');
  await expect(guest.getByRole('heading', { name: 'Резервация на маса' })).toBeVisible({ timeout: 15_000 });
  await chooseOption(guest, 'Брой хора', '2');
  await guest.locator(`[data-date="${DATE}"]`).click();
  await guest.getByRole('radio', { name: '14:00' }).check();
  await guest.getByLabel('Име', { exact: true }).fill('Гост на живо');
  await guest.getByLabel('Телефон').fill('+359 888 000 222');
  await guest.getByLabel('Имейл').fill(guestEmail);
  await guest.getByLabel('Приемам общите условия').check();
  await guest.getByRole('button', { name: 'Резервирай' }).click();
  await expect(
    guest.getByTestId('booking-result').getByRole('heading', { name: 'Потвърдете резервацията си' }),
  ).toBeVisible();
  const live = page.getByTestId('staff-booking').filter({ hasText: 'Гост на живо' });
  await expect(live).toBeVisible({ timeout: 5_000 });
  await expect(live.getByText('Нова', { exact: true })).toBeVisible();
  // Not confirmed yet: its own badge and hold time, not seatable, not in the day's confirmed people.
  await expect(live.getByTestId('staff-booking-status')).toHaveText('Очаква потвърждение');
  await expect(live.getByText('Очаква потвърждение от госта до')).toBeVisible();
  await expect(live.getByRole('button', { name: 'Настани' })).toHaveCount(0);
  const day = page.getByTestId(`bookings-${DATE}`);
  await expect(day.getByTestId('bookings-pending-count')).toHaveText('1 очаква потвърждение');

  // The guest opens the link of the e-mail in their own browser and confirms.
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (
        await request.get(`/api/__test/outbox?to=${encodeURIComponent(guestEmail)}`)
      ).json()) as { text: string }[];
      link =
        /https?:\/\/\S+\/bistro\/reservations\?booking=\d+&token=[\w-]+/.exec(mails[0]?.text ?? '')?.[0] ??
        '';
      return link;
    })
    .not.toBe('');
  try {
    const url = new URL(link);
    await guest.goto(url.pathname + url.search);
    await expect(guest.getByTestId('booking-status')).toHaveText('Очаква потвърждение');
    await guest.getByRole('button', { name: 'Потвърди резервацията' }).click();
    await expect(guest.getByTestId('booking-status')).toHaveText('Потвърдена');
  } finally {
    await guestContext.close();
  }
  // The waiter's card turns confirmed live, and the pending count is gone.
  await expect(live.getByTestId('staff-booking-status')).toHaveText('Потвърдена', { timeout: 5_000 });
  await expect(day.getByTestId('bookings-pending-count')).toHaveCount(0);
  await live.getByRole('button', { name: 'Настани' }).click();
  await expect(live.getByTestId('staff-booking-status')).toHaveText('Настанени');
  // Cancelling asks first.
  await paid.getByRole('button', { name: 'Отмени резервацията' }).click();
  await paid.getByRole('button', { name: 'Да, отмени' }).click();
  await expect(paid).toHaveCount(0);
});
