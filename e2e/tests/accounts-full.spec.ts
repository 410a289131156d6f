/**
 * Accounts end to end (issue 6 Tests), in Bulgarian, with the server clock on a Tuesday noon (bistro open):
 * - register → log out → log in → order at table 2 (/bistro/t/demo-t2) → the order in "My orders" with its status,
 *   and its next status once the waiter moves it → edit the profile → log out;
 * - forgotten password → the mail arrives in a local SMTP server → the link sets a new password → log in with it.
 *
 * The e2e server sends mail over SMTP to 127.0.0.1:(E2E_PORT + 2000) (playwright.config.ts); this file runs the
 * SMTP server there (smtp-server, parsed with mailparser). Other specs keep reading GET /api/__test/outbox, which
 * the server fills in NODE_ENV=test also when it sends over SMTP; while no SMTP server listens, sends fail and are
 * only logged.
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { skipWelcome } from './welcome.ts';
import { addKebapcheta } from './order-form.ts';
import { sendFromSharedCart } from './table-order.ts';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 2000;
const API_HEADERS = { client: 'demo', place: 'bistro' };

interface Received {
  to: string[];
  subject: string;
  text: string;
  tag: string;
}
const received: Received[] = [];
let smtp: SMTPServer | null = null;

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

test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

test.beforeEach(async ({ page }) => {
  const res = await page.request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } });
  expect(res.ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
});

async function openLogin(page: Page) {
  await page.getByRole('button', { name: 'Вход' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function accountMenu(page: Page) {
  await page.getByRole('button', { name: /^Профил: / }).click();
}

test('register → log in → order at the table → my orders with its status → edit profile → log out', async ({
  page,
  browser,
}) => {
  const email = `full-${Date.now()}@example.com`;

  // Register, confirm from the mailed link (signed in), then log out and in again with the new profile.
  await page.goto('/bistro');
  const login = await openLogin(page);
  await login.getByRole('button', { name: 'Регистрация' }).click();
  const form = page.getByRole('dialog', { name: 'Регистрация' });
  await form.getByLabel('Име', { exact: true }).fill('Петя');
  await form.getByLabel('Фамилия').fill('Маринова');
  await form.getByLabel('Имейл').fill(email);
  await form.getByLabel('Телефон').fill('+359 887 555 666');
  await form.getByLabel('Парола', { exact: true }).fill('journey-password');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Създай профил' }).click();
  // The same answer whether or not the address has a profile (issue "Security hardening" #10): open the mail.
  await expect(form.getByRole('status').filter({ hasText: 'Изпратихме имейл на този адрес.' })).toBeVisible();
  let confirmLink = '';
  await expect
    .poll(() => {
      const mail = received.find((m) => m.to.includes(email) && m.tag === 'confirm_email');
      confirmLink = /https?:\/\/\S+\/bistro\/confirm-email\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return confirmLink;
    })
    .not.toBe('');
  const confirmUrl = new URL(confirmLink);
  await page.goto(confirmUrl.pathname + confirmUrl.search);
  await expect(page.getByText('Имейлът е потвърден. Влязохте в профила си.')).toBeVisible();
  await page.getByRole('link', { name: 'Към менюто' }).click();
  await accountMenu(page);
  await page.getByRole('button', { name: 'Изход' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Успешен изход.' })).toBeVisible();

  const again = await openLogin(page);
  await again.getByLabel('Имейл').fill(email);
  await again.getByLabel('Парола').fill('journey-password');
  await again.getByRole('button', { name: 'Вход' }).click();
  await expect(again).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Успешен вход.' })).toBeVisible();
  // Issue 11: the auth cookie is SameSite=Lax (Secure only on https; not HttpOnly: the app sends it as Bearer).
  const cookie = (await page.context().cookies()).find((c) => c.name === 'auth_token');
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false });

  // Order at table 2, signed in.
  await page.goto('/bistro/t/demo-t2');
  await expect(page).toHaveURL(/\/bistro$/, { timeout: 15_000 });
  await addKebapcheta(page);
  // The table's shared cart (issue 19): the agreement, then "Order for the table".
  await sendFromSharedCart(page);
  await expect(page.getByText('Успешно направена поръчка')).toBeVisible();
  // The short number of the venue's day (issue 24 #8), which the waiter's card shows too.
  const number = (await page.getByTestId('order-number').innerText()).trim();
  expect(number).toMatch(/^#\d{1,4}$/);
  await page.keyboard.press('Escape');

  // My orders: the table order, accepted.
  await page.goto('/bistro');
  await accountMenu(page);
  await page.getByRole('link', { name: 'Моите поръчки' }).click();
  await expect(page.getByRole('heading', { name: 'Моите поръчки' })).toBeVisible();
  // One card per order (issue 24 #6: readable on a phone).
  const rows = page.getByRole('list', { name: /Вашите поръчки в/ }).getByTestId('account-order');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Кебапчета');
  await expect(rows.first()).toContainText('На маса');
  await expect(rows.first()).toContainText('Приета');

  // The waiter moves it on from the board, in their own browser; the guest's list shows the new status.
  const waiterContext = await browser.newContext();
  const waiter = await waiterContext.newPage();
  await waiter.clock.setFixedTime(new Date(TUESDAY_NOON));
  await waiter.goto('/bistro/staff');
  await waiter.getByLabel('Имейл').fill('waiter@demo.test');
  await waiter.getByLabel('Парола').fill('demo-waiter');
  await waiter.getByRole('button', { name: 'Вход' }).click();
  await expect(waiter.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeVisible();
  const card = waiter
    .locator('article[data-order-key]')
    .filter({ has: waiter.getByRole('heading', { name: `Поръчка ${number}` }) });
  await expect(card).toHaveCount(1, { timeout: 15_000 });
  await expect(card).toContainText('Маса 2');
  await card.getByRole('button', { name: 'Приготвена' }).click();
  await expect(card).toHaveAttribute('data-status', 'cooked_spot');
  // Stored: the board after a reload shows the new status too.
  await waiter.reload();
  await expect(card).toHaveAttribute('data-status', 'cooked_spot', { timeout: 15_000 });
  await waiterContext.close();
  await page.reload();
  await expect(rows.first()).toContainText('Приготвена');

  // Edit the profile.
  await accountMenu(page);
  await page.getByRole('link', { name: 'Моят профил' }).click();
  await expect(page.getByRole('heading', { name: 'Моят профил' })).toBeVisible();
  await expect(page.getByLabel('Име', { exact: true })).toHaveValue('Петя');
  await page.getByLabel('Фамилия').fill('Маринова-Иванова');
  await page.getByRole('button', { name: 'Запази промените' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Профилът е обновен успешно.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Профил: Петя Маринова-Иванова' })).toBeVisible();

  // Log out: back to the venue home, cookie gone.
  await accountMenu(page);
  await page.getByRole('button', { name: 'Изход' }).click();
  await expect(page).toHaveURL(/\/bistro$/);
  await expect(page.getByRole('button', { name: 'Вход' }).first()).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === 'auth_token')).toBe(false);
});

test('forgotten password: the mail arrives over SMTP, its link sets a new password that logs in', async ({
  page,
  request,
}) => {
  const email = `smtp-reset-${Date.now()}@example.com`;
  const created = await request.post('/api/register', {
    headers: API_HEADERS,
    data: {
      first_name: 'Стела',
      last_name: 'Николова',
      email,
      phone: '+359 887 777 888',
      password: 'old-password',
    },
  });
  // Unconfirmed until a mailed link is followed; the reset link below confirms it too.
  expect(created.status()).toBe(202);

  await page.goto('/bistro');
  const login = await openLogin(page);
  await login.getByRole('button', { name: 'Забравена парола?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Забравена парола' });
  await forgot.getByLabel('Имейл').fill(email);
  await forgot.getByRole('button', { name: 'Изпрати инструкции' }).click();
  await expect(
    forgot.getByText('Ако съществува профил с този имейл, изпратихме инструкции за смяна на паролата.'),
  ).toBeVisible();

  let mail: Received | undefined;
  await expect
    .poll(() => (mail = received.find((m) => m.to.includes(email) && m.tag === 'password_reset')), {
      timeout: 15_000,
    })
    .toBeTruthy();
  expect(mail?.subject).toBe('Смяна на парола');
  expect(mail?.text).toContain('Здравейте, Стела,');
  const link = /https?:\/\/\S+\/bistro\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  // The registration's confirmation mail came the same way.
  expect(received.some((m) => m.to.includes(email) && m.tag === 'confirm_email')).toBe(true);

  const url = new URL(link ?? '');
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Нова парола' })).toBeVisible();
  await page.getByLabel('Нова парола').fill('brand-new-password');
  await page.getByRole('button', { name: 'Запази новата парола' }).click();
  await expect(page.getByText('Паролата е сменена. Можете да влезете с новата парола.')).toBeVisible();

  await page.getByLabel('Имейл').fill(email);
  await page.getByLabel('Парола').fill('brand-new-password');
  await page.getByRole('main').getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByRole('button', { name: 'Профил: Стела Николова' })).toBeVisible();
});
