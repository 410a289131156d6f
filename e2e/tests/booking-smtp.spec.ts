/**
 * Booking end to end with real mail (issue 10 Tests; issue 23 #5 double opt-in): a guest books a table for 4
 * tomorrow at 19:00 at the bistro → the request to confirm arrives in a local SMTP server → the slot's capacity drops
 * (held while unconfirmed) → the guest opens the link and confirms → the confirmation arrives → the guest cancels by
 * the e-mailed link → the capacity returns.
 *
 * Capacity is read with POST /api/bookings/getFreeHoursForDate: the halls with a free table for 4 at 19:00. So that
 * one booking shows, the admin adds a hall of its own with one table for 4 (the bistro's halls keep theirs, shared
 * with the other journeys); the guest books in that hall, which then has no free table at 19:00 until the cancel.
 * The hall and its table are deactivated at the end, so the other journeys see the bistro's capacity unchanged.
 *
 * The e2e server sends mail to 127.0.0.1:(E2E_PORT + 2000) (playwright.config.ts); this file runs the SMTP server
 * there while it runs, as accounts-full.spec.ts does. Server and browser clocks: Tuesday 2026-03-03 12:00 in Sofia.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { skipWelcome } from './welcome.ts';
import { apiHeaders as adminHeaders } from './api-auth.ts';
import { chooseOption } from './choose-option.ts';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const TOMORROW = '2026-03-04';
const HOUR = '19:00';
const PEOPLE = 4;
const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 2000;
const TENANT = { client: 'demo', place: 'bistro' };

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
  tag: string;
}
const received: Received[] = [];
let smtp: SMTPServer | null = null;

/** What the admin created, to deactivate at the end. */
const cleanup: { halls: number[]; tables: number[] } = { halls: [], tables: [] };

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            tag: String(mail.headers.get('x-trapeza-tag') ?? ''),
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp?.once('error', reject);
    smtp?.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
});

test.afterAll(async ({ request }) => {
  try {
    const headers = await adminHeaders(request);
    for (const id of cleanup.tables.splice(0)) {
      await request.patch(`/api/staff/tables/${id}`, { headers, data: { active: 0 } });
    }
    for (const id of cleanup.halls.splice(0)) {
      await request.patch(`/api/staff/halls/${id}`, { headers, data: { active: 0 } });
    }
  } finally {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  }
});

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

/** The halls with a free table for 4 tomorrow at 19:00 (none when the hour is not offered at all). */
async function freeHallsAt19(request: APIRequestContext): Promise<number[]> {
  const res = await request.post('/api/bookings/getFreeHoursForDate', {
    headers: TENANT,
    data: { date: TOMORROW, people: PEOPLE },
  });
  expect(res.ok()).toBe(true);
  const hours = (await res.json()) as { time: string; halls: { id: number; name: string }[] }[];
  return hours.find((h) => h.time === HOUR)?.halls.map((h) => h.id) ?? [];
}

test('book a table for 4 tomorrow at 19:00 → mail over SMTP → capacity drops → confirm by the link → confirmation mail → cancel → capacity returns', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now() % 100_000;

  // The admin's own hall with one table for 4.
  const headers = await adminHeaders(request);
  const hallName = `Зимна градина ${stamp}`;
  const hall = await request.post('/api/staff/halls', { headers, data: { name: hallName } });
  expect(hall.status()).toBe(201);
  const hallId = ((await hall.json()) as { id: number }).id;
  cleanup.halls.push(hallId);
  const table = await request.post('/api/staff/tables', {
    headers,
    data: { number: `ЗГ${stamp}`, kind: 'table', seats: PEOPLE, hallId },
  });
  expect(table.status()).toBe(201);
  cleanup.tables.push(((await table.json()) as { id: number }).id);

  // Before: the new hall has its table free at 19:00 for 4.
  const before = await freeHallsAt19(request);
  expect(before).toContain(hallId);

  // The guest books through the form: 4 people, tomorrow, that hall, 19:00.
  await page.goto('/bistro/reservations');
  await expect(page.getByRole('heading', { name: 'Резервация на маса' })).toBeVisible();
  await chooseOption(page, 'Брой хора', String(PEOPLE));
  await page.locator(`[data-date="${TOMORROW}"]`).click();
  await page.getByRole('radio', { name: hallName, exact: true }).check();
  await page.getByRole('radio', { name: HOUR }).check();
  const email = `smtp-booking-${Date.now()}@example.com`;
  await page.getByLabel('Име', { exact: true }).fill('Елена Петрова');
  await page.getByLabel('Телефон').fill('+359 888 765 432');
  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Приемам общите условия').check();
  await page.getByRole('button', { name: 'Резервирай' }).click();

  const result = page.getByTestId('booking-result');
  await expect(result.getByRole('heading', { name: 'Потвърдете резервацията си' })).toBeVisible();
  const reservationId = (await result.getByTestId('reservation-id').textContent())?.trim() ?? '';
  expect(reservationId).toMatch(/^\d+$/);

  // The request to confirm, received by the SMTP server.
  let mail: Received | undefined;
  await expect
    .poll(() => (mail = received.find((m) => m.to.includes(email) && m.tag === 'booking_confirm_request')), {
      timeout: 15_000,
    })
    .toBeTruthy();
  expect(mail?.subject).toMatch(/^Потвърдете резервацията си в .+ за 04\.03\.2026 19:00$/);
  expect(mail?.text).toContain('Здравейте, Елена Петрова,');
  // Held for 30 minutes from 12:00 Sofia time.
  expect(mail?.text).toContain('„Потвърди резервацията“ до 03.03.2026 12:30');
  expect(mail?.text).toContain(`Номер на резервацията: #${reservationId}`);
  expect(mail?.text).toContain('Дата: 04.03.2026');
  expect(mail?.text).toMatch(/Час: 19:00 – \d\d:\d\d/);
  expect(mail?.text).toContain(`Брой хора: ${PEOPLE}`);
  expect(mail?.text).toContain(`Зала: ${hallName}`);
  const link =
    /https?:\/\/\S+\/bistro\/reservations\?booking=\d+&token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(link).not.toBe('');
  const url = new URL(link);
  expect(url.searchParams.get('booking')).toBe(reservationId);
  expect(mail?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  // Only the request so far: nothing is confirmed yet.
  expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);

  // The slot's capacity dropped: the hall's only table for 4 is taken at 19:00, one free hall fewer.
  const afterBooking = await freeHallsAt19(request);
  expect(afterBooking).not.toContain(hallId);
  expect(afterBooking).toHaveLength(before.length - 1);
  // Another guest's form shows the hall as full at 19:00.
  await page.goto('/bistro/reservations');
  await chooseOption(page, 'Брой хора', String(PEOPLE));
  await page.locator(`[data-date="${TOMORROW}"]`).click();
  await page.getByRole('radio', { name: HOUR }).check();
  await expect(
    page.getByRole('radio', { name: `${hallName} (няма свободни маси в този час)` }),
  ).toBeDisabled();

  // The guest opens the link from the e-mail and confirms; the confirmation follows over SMTP.
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Вашата резервация' })).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Очаква потвърждение');
  await page.getByRole('button', { name: 'Потвърди резервацията' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Потвърдена');
  let confirmation: Received | undefined;
  await expect
    .poll(
      () => (confirmation = received.find((m) => m.to.includes(email) && m.tag === 'booking_confirmation')),
      { timeout: 15_000 },
    )
    .toBeTruthy();
  expect(confirmation?.subject).toMatch(/^Резервацията ви в .+ за 04\.03\.2026 19:00 е потвърдена$/);
  expect(confirmation?.text).toContain(`Номер на резервацията: #${reservationId}`);
  expect(confirmation?.text).toContain(link);
  expect(received.filter((m) => m.to.includes(email))).toHaveLength(2);
  // Confirmed, the hall stays full at 19:00; the guest cancels by the same link.
  await page.getByRole('button', { name: 'Отмени резервацията' }).click();
  await expect(page.getByText('Резервацията е отменена.')).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Отменена');

  // The capacity is back.
  const afterCancel = await freeHallsAt19(request);
  expect(afterCancel).toContain(hallId);
  expect(afterCancel).toHaveLength(before.length);
  await page.goto('/bistro/reservations');
  await chooseOption(page, 'Брой хора', String(PEOPLE));
  await page.locator(`[data-date="${TOMORROW}"]`).click();
  await page.getByRole('radio', { name: HOUR }).check();
  await expect(page.getByRole('radio', { name: hallName, exact: true })).toBeEnabled();
});
