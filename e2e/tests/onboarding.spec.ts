/**
 * Venue onboarding (issue 16 item 5): from an empty venue to its first order in one sitting, through the screens in
 * Chromium. Its own demo installation (DEMO=1, the payment simulator on a port of its own; platform-server.ts), so
 * platform staff can be created with `npm run create-admin` beside the demo brand:
 *
 * the operator creates "Нов обект" in the demo brand from the restaurant template on the /platform console and
 * invites its venue admin → a guest opening the venue sees the coming-soon page (503) → the admin sets a password on
 * the invitation page and lands on the admin home's go-live checklist (menu, payments, staff open) → imports the
 * menu template through Menu → Import / export: a file with two bad rows first (the preview lists both, Import stays
 * disabled), then the fixed file → the QR sheet of every table from the checklist's tables link → a waiter account
 * on Users → online payments switched on, the venue's ePay account entered on Payments and the test payment accepted
 * by the simulator → every item ticked → "Mark the venue live" → the guest scans table 3 and orders the imported
 * tarator for the table → the staff board shows the order.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { simulatorAccounts } from '../../apps/server/src/modules/payments/payments.config.ts';
import { createAdmin, startEmptyInstallation, type EmptyInstallation } from './platform-server.ts';
import { E2E_SIMULATOR_SECRET } from './simulator-secret.ts';
import { skipWelcome } from './welcome.ts';
import { chooseOption } from './choose-option.ts';

// Tuesday 12:00 in Sofia: the restaurant template's venue is open (10:00–22:00 every day).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const OPERATOR = { email: 'ops@onboarding.test', password: 'operator-password-1' };
const OWNER = { email: 'owner@novo.test', password: 'novo-venue-admin-1' };
const VENUE = { name: 'Нов обект', slug: 'nov-obekt' };

test.use({ bypassCSP: true });

function outbox(installation: EmptyInstallation): { to: string; text: string }[] {
  const file = join(installation.dataDir, 'outbox', 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string });
}

async function freshPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'bg-BG' });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page, [VENUE.slug]);
  return { page, close: () => context.close() };
}

/** The checklist item of the admin home whose text holds `name`, and whether it says done. */
function item(page: Page, name: string) {
  return page.getByRole('list', { name: 'Списък за старт' }).getByRole('listitem').filter({ hasText: name });
}

let installation: EmptyInstallation | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  installation = await startEmptyInstallation('sqlite', {
    DEMO: '1',
    PAYMENT_SIMULATOR: '1',
    PAYMENT_SIMULATOR_PORT: 'free',
    PAYMENT_SIMULATOR_SECRET: E2E_SIMULATOR_SECRET,
  });
});

test.afterAll(async () => {
  await installation?.stop();
});

test('a new venue: template import with two bad rows fixed, checklist, payment test, live, first order', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const inst = installation!;
  const base = `http://localhost:${inst.port}`;
  const api = await playwrightRequest.newContext({ baseURL: base });
  try {
    expect((await api.put('/api/__test/clock', { data: { now: TUESDAY_NOON } })).ok()).toBe(true);
  } finally {
    await api.dispose();
  }
  const made = await createAdmin(inst, OPERATOR.email, OPERATOR.password);
  expect(made.code, made.stderr).toBe(0);

  // The operator: a venue in the demo brand from the restaurant template, and an invitation for its admin.
  const operator = await freshPage(browser);
  const console_ = operator.page;
  await console_.goto(`${base}/platform`);
  const login = console_.getByRole('form', { name: 'Вход в платформата' });
  await login.getByLabel('Имейл').fill(OPERATOR.email);
  await login.getByLabel('Парола').fill(OPERATOR.password);
  await login.getByRole('button', { name: 'Вход' }).click();
  const brand = console_
    .getByRole('region', { name: 'Марки' })
    .getByRole('article', { name: 'Demo Hospitality' });
  await expect(brand).toBeVisible({ timeout: 15_000 });
  const venueForm = brand.getByRole('form', { name: 'Ново заведение: Demo Hospitality' });
  await venueForm.getByLabel('Име', { exact: true }).fill(VENUE.name);
  await venueForm.getByLabel('Кратко име (в адресите)').fill(VENUE.slug);
  await chooseOption(venueForm, 'Шаблон', /^Ресторант/);
  await venueForm.getByRole('button', { name: 'Създаване' }).click();
  await expect(venueForm.getByRole('status')).toHaveText(`Създадено заведение: ${VENUE.name}`);
  const inviteForm = brand.getByRole('form', { name: 'Покана за администратор: Demo Hospitality' });
  await inviteForm.getByLabel('Имейл').fill(OWNER.email);
  await chooseOption(inviteForm, 'Роля', 'Администратор на заведение');
  await chooseOption(inviteForm, 'Заведение', VENUE.name);
  await inviteForm.getByRole('button', { name: 'Изпращане на покана' }).click();
  await expect(inviteForm.getByRole('status')).toHaveText(`Поканата е изпратена до ${OWNER.email}.`);
  await operator.close();

  // Before going live a guest sees the coming-soon page, server-rendered with 503, and no menu.
  const early = await freshPage(browser);
  const soon = await early.page.goto(`${base}/${VENUE.slug}`);
  expect(soon?.status()).toBe(503);
  await expect(early.page.getByRole('heading', { name: 'Очаквайте скоро' })).toBeVisible();
  await expect(early.page.getByRole('heading', { name: VENUE.name })).toBeVisible();
  await early.close();

  // The venue admin accepts the invitation and lands on the admin home: the go-live checklist.
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = /https?:\/\/\S+\/platform\/invite\/[A-Za-z0-9_-]+/.exec(
          outbox(inst).find((m) => m.to === OWNER.email)?.text ?? '',
        )?.[0]),
      { timeout: 10_000 },
    )
    .toBeTruthy();
  const owner = await freshPage(browser);
  const admin = owner.page;
  await admin.goto(link!);
  await admin.getByLabel('Име', { exact: true }).fill('Нина');
  await admin.getByLabel('Нова парола (поне 12 знака)').fill(OWNER.password);
  await admin.getByLabel('Повторете паролата').fill(OWNER.password);
  await admin.getByRole('button', { name: 'Задаване на парола и вход' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Готовност за старт' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(admin.getByTestId('go-live-state')).toContainText('Още не е на живо');
  // The template gave hours and order types; the rest is open.
  await expect(item(admin, 'Работното време е зададено')).toHaveAttribute('data-done', '1');
  await expect(item(admin, 'Видовете поръчки са избрани')).toHaveAttribute('data-done', '1');
  for (const open of ['Менюто има активни продукти', 'листът с QR', 'Плащанията', 'Поне един профил']) {
    await expect(item(admin, open)).toHaveAttribute('data-done', '0');
  }
  await expect(admin.getByText('Готови 2 от 6')).toBeVisible();

  // The menu from the template, through the import screen (the checklist's link): two bad rows first.
  await item(admin, 'Менюто има активни продукти').getByRole('link', { name: 'Към менюто' }).click();
  await admin.getByRole('tab', { name: 'Импорт / експорт' }).click();
  const [csvDownload] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Шаблон (CSV)' }).click(),
  ]);
  const csv = readFileSync(await csvDownload.path(), 'utf8');
  expect(csv).toContain('Таратор');
  const bad = csv.replace(',4.50,', ',abc,').replace(',2.20,', ',2.20.5,');
  expect(bad).not.toBe(csv);
  const fileInput = admin.getByLabel('Файл с меню (CSV или XLSX)');
  await fileInput.setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  const preview = admin.getByTestId('import-preview');
  const problems = preview.getByRole('table', { name: /2 проблема за поправяне/ });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems).toContainText('Цената не е число');
  await expect(preview.getByRole('button', { name: 'Импортирай' })).toBeDisabled();
  // Fixed: the two prices put right.
  await fileInput.setInputFiles({ name: 'menu-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(preview.getByText('3 нови продукта')).toBeVisible();
  await expect(preview.getByText('Няма открити проблеми.')).toBeVisible();
  await preview.getByRole('button', { name: 'Импортирай' }).click();
  await expect(admin.getByRole('status')).toContainText('Импортирано: 3 нови, 0 обновени, 0 без промяна.');

  const nav = admin.getByRole('navigation', { name: 'Раздели на администрацията' });
  await nav.getByRole('link', { name: 'Старт' }).click();
  await expect(item(admin, 'Менюто има активни продукти')).toHaveAttribute('data-done', '1');

  // The QR sheet of every table, from the checklist's link to the tables screen.
  await item(admin, 'листът с QR').getByRole('link', { name: 'Към масите и QR кодовете' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Маси и стаи' })).toBeVisible({
    timeout: 15_000,
  });
  const [sheet] = await Promise.all([
    admin.context().waitForEvent('page'),
    admin.getByRole('button', { name: 'Отпечатай всички QR кодове' }).click(),
  ]);
  await sheet.waitForLoadState().catch(() => undefined);
  await sheet.close();
  await admin.goto(`${base}/admin/home`);
  await expect(item(admin, 'листът с QR')).toHaveAttribute('data-done', '1', { timeout: 15_000 });

  // A waiter account for the venue.
  await item(admin, 'Поне един профил').getByRole('link', { name: 'Към потребителите' }).click();
  await admin.getByRole('button', { name: 'Добави потребител' }).click();
  const userForm = admin.getByRole('form', { name: 'Добави потребител' });
  await userForm.getByRole('textbox', { name: 'Имейл', exact: true }).fill('waiter@novo.test');
  await userForm.getByRole('textbox', { name: 'Име', exact: true }).fill('Петър');
  await userForm.getByRole('textbox', { name: 'Фамилия', exact: true }).fill('Петров');
  await chooseOption(userForm, 'Роля', 'Сервитьор');
  await userForm.getByLabel(/^Парола/).fill('novo-waiter-password');
  const venueBox = userForm.getByRole('checkbox', { name: VENUE.name });
  if ((await venueBox.count()) > 0 && !(await venueBox.isChecked())) await venueBox.check();
  await userForm.getByRole('button', { name: 'Запази' }).click();
  await expect(admin.getByRole('cell', { name: 'waiter@novo.test' })).toBeVisible();

  // Online payments on, the venue's ePay account entered and tested on the simulator.
  await nav.getByRole('link', { name: 'Настройки' }).click();
  const payments = admin.getByRole('checkbox', { name: 'Онлайн плащания' });
  // (Saved at once; the box follows the stored modules.)
  await payments.click();
  await expect(payments).toBeChecked({ timeout: 10_000 });
  await nav.getByRole('link', { name: 'Плащания' }).click();
  const own = simulatorAccounts(`demo/${VENUE.slug}`, 'http://localhost', E2E_SIMULATOR_SECRET).epay;
  const epay = admin.getByRole('region', { name: 'ePay.bg' });
  await epay.getByLabel('Клиентски номер на търговеца (MIN)').fill(own.min);
  await epay.getByLabel('Таен ключ').fill(own.secret);
  await epay.getByRole('button', { name: 'Запази' }).click();
  await expect(epay.getByText(`Зададен: завършва на ${own.secret.slice(-4)}.`)).toBeVisible();
  await epay.getByRole('button', { name: 'Тестово плащане' }).click();
  await expect(epay.getByRole('status').filter({ hasText: 'Доставчикът прие' })).toContainText(
    'сметката работи',
  );

  // Every item ticked; the venue goes live (audited).
  await nav.getByRole('link', { name: 'Старт' }).click();
  await expect(admin.getByText('Готови 6 от 6')).toBeVisible();
  await admin.getByRole('button', { name: 'Пусни обекта на живо' }).click();
  await expect(admin.getByTestId('go-live-state')).toContainText('На живо');
  await nav.getByRole('link', { name: 'Одит' }).click();
  await expect(admin.getByRole('cell', { name: /^go_live/ }).first()).toBeVisible();

  // Table 3's QR link, as the tables screen lists it.
  await admin.goto(`${base}/${VENUE.slug}/staff/tables`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Маси и стаи' })).toBeVisible({
    timeout: 15_000,
  });
  const table = await admin.evaluate(async (slug) => {
    const auth = document.cookie.match(/(?:^|; )auth_token=([^;]+)/)?.[1] ?? '';
    const res = await fetch('/api/staff/tables', {
      headers: { authorization: `Bearer ${decodeURIComponent(auth)}`, client: 'demo', place: slug },
    });
    const tables = (await res.json()) as { number: string; qr_url: string }[];
    return tables.find((t) => t.number === '3');
  }, VENUE.slug);
  expect(table?.qr_url).toBeTruthy();

  // The guest scans it and orders the imported tarator for the table.
  const guestBrowser = await freshPage(browser);
  const guest = guestBrowser.page;
  await guest.goto(table!.qr_url);
  await expect(guest).toHaveURL(`${base}/${VENUE.slug}`, { timeout: 15_000 });
  await expect(guest.getByRole('button', { name: 'Избор на език' })).toBeVisible({ timeout: 15_000 });
  await guest
    .getByRole('link', { name: /^Храна( |$)/ })
    .first()
    .click();
  await guest
    .getByRole('link', { name: /^Супи( |$)/ })
    .first()
    .click();
  const card = guest.locator('article', { hasText: 'Таратор' }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('link', { name: 'Таратор' }).click();
  await expect(guest.getByRole('heading', { level: 1, name: 'Таратор' })).toBeVisible({ timeout: 15_000 });
  await guest.getByRole('button', { name: 'Добави в количката' }).first().click();
  await expect(guest.getByRole('status').filter({ hasText: '1 x Таратор' })).toBeVisible();
  await guest.getByTestId('cart-button').click();
  const shared = guest.getByTestId('shared-cart');
  await expect(shared.getByTestId('party-line')).toHaveCount(1);
  await shared.getByRole('button', { name: 'Поръчай за масата' }).click();
  await expect(guest.getByText('Успешно направена поръчка')).toBeVisible({ timeout: 15_000 });
  // 4.50 from the imported file, priced by the server.
  await expect(guest.getByTestId('order-answer-total')).toHaveText('4,50 лв.');
  await guestBrowser.close();

  // The staff board shows the order at table 3.
  await admin.goto(`${base}/${VENUE.slug}/staff`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeVisible({ timeout: 15_000 });
  const order = admin.locator('article[data-order-key]').filter({ hasText: 'Маса 3' });
  await expect(order).toHaveCount(1, { timeout: 15_000 });
  await expect(order).toContainText('Таратор');
  await owner.close();
});
