/**
 * White label for real (issue 15, Tests): an operator's first day on an empty installation, on SQLite and on
 * PostgreSQL, through the screens in Chromium. Each run starts its own server with DEMO=0 on an empty database
 * (platform-server.ts); the demo server the other journeys share is not touched.
 *
 * npm run create-admin (password on standard input) → sign in on the /platform console → brand "Втора марка" on
 * second.localhost → venue "Кафе Втора" from the restaurant template → the invitation mail from the outbox
 * (DATA_DIR/outbox/outbox.jsonl: no SMTP_URL) → the invited brand admin sets a password on the invitation page on
 * the brand's own domain and lands in /admin; signs out and in again at /admin on that domain → a category and two
 * products → a guest scans table 3's link on second.localhost and orders through the screens → the admin's staff
 * board shows the order. On the bare `localhost` (no brand claims it, no DEFAULT_CLIENT) the venue's pages are a
 * 404 and /admin says that only platform staff sign in there.
 *
 * Chromium resolves every `*.localhost` name to the loopback address: no DNS set-up.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import {
  createAdmin,
  postgresProblem,
  startEmptyInstallation,
  type Dialect,
  type EmptyInstallation,
} from './platform-server.ts';
import { skipWelcome } from './welcome.ts';
import { chooseOption } from './choose-option.ts';

// Tuesday 12:00 in Sofia: the restaurant template's venue is open (10:00–22:00 every day).
const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const OPERATOR = { email: 'ops@platform.test', password: 'operator-password-1' };
const BRAND_ADMIN = { email: 'owner@second.test', password: 'second-brand-admin' };
const VENUE = { name: 'Кафе Втора', slug: 'kafe-vtora' };

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  tag?: string;
}

/** The messages the server wrote to its outbox file (one JSON object a line). */
function outbox(installation: EmptyInstallation): OutboxMail[] {
  const file = join(installation.dataDir, 'outbox', 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMail);
}

async function freshPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'bg-BG' });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page, [VENUE.slug]);
  return { page, close: () => context.close() };
}

async function signInAtAdmin(page: Page, base: string) {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Имейл').fill(BRAND_ADMIN.email);
  await page.getByLabel('Парола').fill(BRAND_ADMIN.password);
  await page.getByRole('button', { name: 'Вход' }).click();
  await expect(page.getByRole('navigation', { name: 'Раздели на администрацията' })).toBeVisible({
    timeout: 15_000,
  });
}

for (const dialect of ['sqlite', 'postgres'] as const satisfies readonly Dialect[]) {
  test.describe(`an operator's first day on an empty DEMO=0 installation [${dialect}]`, () => {
    let installation: EmptyInstallation | null = null;
    let skipReason: string | null = null;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      if (dialect === 'postgres') skipReason = await postgresProblem();
      if (skipReason) return;
      installation = await startEmptyInstallation(dialect);
    });

    test.afterAll(async () => {
      await installation?.stop();
    });

    test('create-admin → console → brand → venue → invitation → admin menu → guest order → staff board', async ({
      browser,
    }) => {
      test.skip(skipReason !== null, `PostgreSQL unreachable: ${skipReason}`);
      test.setTimeout(180_000);
      const inst = installation!;
      const plain = `http://localhost:${inst.port}`;
      const brandBase = `http://second.localhost:${inst.port}`;

      // An empty DEMO=0 start says how to create the first administrator, and serves no brand.
      expect(inst.output()).toContain('npm run create-admin');
      expect(inst.output()).not.toContain('demo.test');
      const api = await playwrightRequest.newContext({ baseURL: plain });
      try {
        expect((await api.put('/api/__test/clock', { data: { now: TUESDAY_NOON } })).ok()).toBe(true);
        expect((await api.get('/bistro')).status()).toBe(404);
      } finally {
        await api.dispose();
      }

      // The first platform administrator, as the README says: the password on standard input.
      const made = await createAdmin(inst, OPERATOR.email, OPERATOR.password);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      expect(made.stdout).toContain(OPERATOR.email);
      expect(made.stdout).not.toContain(OPERATOR.password);

      // The platform console on the bare host: sign in, create the brand, its venue, and invite its admin.
      const operator = await freshPage(browser);
      const console_ = operator.page;
      await console_.goto(`${plain}/platform`);
      const login = console_.getByRole('form', { name: 'Вход в платформата' });
      await login.getByLabel('Имейл').fill(OPERATOR.email);
      await login.getByLabel('Парола').fill(OPERATOR.password);
      await login.getByRole('button', { name: 'Вход' }).click();
      const brands = console_.getByRole('region', { name: 'Марки' });
      await expect(brands.getByText('Още няма марки.')).toBeVisible();

      await brands.getByRole('button', { name: 'Нова марка' }).click();
      const brandForm = console_.getByRole('form', { name: 'Нова марка' });
      await brandForm.getByLabel('Име', { exact: true }).fill('Втора марка');
      await brandForm.getByLabel('Кратко име (в адресите)').fill('vtora');
      await brandForm.getByLabel('Домейн').fill('second.localhost');
      await brandForm.getByLabel('Основен цвят').fill('#1f6f5c');
      await brandForm.getByRole('button', { name: 'Създаване' }).click();
      await expect(brandForm).toBeHidden();
      const brand = brands.getByRole('article', { name: 'Втора марка' });
      await expect(brand).toBeVisible();
      // Names under .localhost need no DNS record: the domain routes at once.
      await expect(brand.getByText('Потвърден: страниците се показват на този домейн.')).toBeVisible();

      const venueForm = brand.getByRole('form', { name: 'Ново заведение: Втора марка' });
      await venueForm.getByLabel('Име', { exact: true }).fill(VENUE.name);
      await venueForm.getByLabel('Кратко име (в адресите)').fill(VENUE.slug);
      await chooseOption(venueForm, 'Шаблон', /^Ресторант/);
      await venueForm.getByRole('button', { name: 'Създаване' }).click();
      await expect(venueForm.getByRole('status')).toHaveText(`Създадено заведение: ${VENUE.name}`);
      await expect(brand.getByRole('listitem').filter({ hasText: VENUE.name })).toContainText(
        `/${VENUE.slug}`,
      );

      // The new venue's page answers at once on the brand's domain with the brand in the first paint: its
      // coming-soon page until the venue is marked live (issue 16 #2, 503); a venue path on the bare host is a 404
      // (no brand serves it).
      const early = await freshPage(browser);
      const firstPaint = await early.page.goto(`${brandBase}/${VENUE.slug}`);
      expect(firstPaint?.status()).toBe(503);
      const html = (await firstPaint?.text()) ?? '';
      expect(html).toContain(`<title>${VENUE.name}`);
      expect(html).toContain('<meta name="theme-color" content="#1f6f5c"');
      await expect(early.page.getByRole('heading', { name: 'Очаквайте скоро' })).toBeVisible();
      expect((await early.page.goto(`${plain}/${VENUE.slug}`))?.status()).toBe(404);
      await early.close();

      const inviteForm = brand.getByRole('form', { name: 'Покана за администратор: Втора марка' });
      await inviteForm.getByLabel('Имейл').fill(BRAND_ADMIN.email);
      await chooseOption(inviteForm, 'Роля', 'Администратор на марката (всички заведения)');
      await inviteForm.getByRole('button', { name: 'Изпращане на покана' }).click();
      await expect(inviteForm.getByRole('status')).toHaveText(
        `Поканата е изпратена до ${BRAND_ADMIN.email}.`,
      );
      await operator.close();

      // The invitation in the outbox, its link on the brand's own domain.
      let mail: OutboxMail | undefined;
      await expect
        .poll(() => (mail = outbox(inst).find((m) => m.to === BRAND_ADMIN.email)), { timeout: 10_000 })
        .toBeTruthy();
      expect(mail?.tag).toBe('platform_invite');
      expect(mail?.subject).toBe('Покана за Втора марка');
      const link = /https?:\/\/\S+\/platform\/invite\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
      expect(link, mail?.text).toBeTruthy();
      expect(link?.startsWith(`${brandBase}/platform/invite/`)).toBe(true);

      // The invited admin, in their own browser: sets a password on the invitation page and lands in /admin.
      const owner = await freshPage(browser);
      const admin = owner.page;
      await admin.goto(link!);
      await expect(
        admin.getByText(
          `${BRAND_ADMIN.email} е поканен като Администратор на марката (всички заведения) на Втора марка.`,
        ),
      ).toBeVisible();
      await admin.getByLabel('Име', { exact: true }).fill('Вера');
      await admin.getByLabel('Нова парола (поне 12 знака)').fill(BRAND_ADMIN.password);
      await admin.getByLabel('Повторете паролата').fill(BRAND_ADMIN.password);
      await admin.getByRole('button', { name: 'Задаване на парола и вход' }).click();
      await expect(admin).toHaveURL(`${brandBase}/admin`);
      await expect(admin.getByRole('navigation', { name: 'Раздели на администрацията' })).toBeVisible({
        timeout: 15_000,
      });
      // The link worked once.
      await admin.goto(link!);
      await expect(admin.getByRole('alert')).toContainText('Поканата вече е използвана');

      // Signs out and in again at /admin on the brand's domain, with the password just set.
      await admin.goto(`${brandBase}/admin`);
      await admin.getByRole('button', { name: 'Изход' }).click();
      await signInAtAdmin(admin, brandBase);

      // The menu: a category and two products.
      await admin.getByRole('link', { name: 'Меню', exact: true }).click();
      await admin.getByRole('button', { name: 'Нова категория' }).click();
      const categoryForm = admin.getByRole('form', { name: 'Категория' });
      await categoryForm.getByLabel('Име (bg)').fill('Топли напитки');
      await categoryForm.getByLabel('Име (en)').fill('Hot drinks');
      await categoryForm.getByRole('button', { name: 'Запази', exact: true }).click();
      await expect(categoryForm.getByRole('status')).toHaveText('Запазено');
      await expect(admin.getByRole('treeitem', { selected: true })).toContainText('Топли напитки');
      for (const [bg, en, price] of [
        ['Еспресо', 'Espresso', '2.40'],
        ['Капучино', 'Cappuccino', '3.60'],
      ] as const) {
        await admin
          .getByRole('region', { name: 'Продукти' })
          .getByRole('button', { name: 'Нов продукт' })
          .click();
        const form = admin.getByRole('form', { name: 'Продукт' });
        await form.getByLabel('Име (bg)').fill(bg);
        await form.getByLabel('Име (en)').fill(en);
        await form.getByRole('group', { name: 'Вариант 1' }).getByLabel('Цена 1').fill(price);
        await form.getByRole('button', { name: 'Запази', exact: true }).click();
        await expect(form.getByRole('status')).toHaveText('Запазено', { timeout: 15_000 });
        await expect(form.getByRole('heading', { name: `Продукт: ${bg}` })).toBeVisible();
        await form.getByRole('button', { name: 'Затвори' }).click();
      }
      await expect(admin.getByRole('button', { name: 'Топли напитки (2)' })).toBeVisible();

      // A new venue starts with guests seeing "coming soon" (issue 16 #2): the admin marks it live on the admin home.
      await admin
        .getByRole('navigation', { name: 'Раздели на администрацията' })
        .getByRole('link', { name: 'Старт' })
        .click();
      await admin.getByRole('button', { name: 'Пусни обекта на живо' }).click();
      await expect(admin.getByTestId('go-live-state')).toContainText('На живо');

      // Table 3's link, as the staff screen of tables shows it for its QR code.
      await admin.goto(`${brandBase}/${VENUE.slug}/staff/tables`);
      await expect(admin.getByRole('heading', { level: 1, name: 'Маси и стаи' })).toBeVisible({
        timeout: 15_000,
      });
      const token = await admin.evaluate(async (slug) => {
        const auth = document.cookie.match(/(?:^|; )auth_token=([^;]+)/)?.[1] ?? '';
        const res = await fetch('/api/staff/tables', {
          headers: { authorization: `Bearer ${decodeURIComponent(auth)}`, client: 'vtora', place: slug },
        });
        const tables = (await res.json()) as { number: string; token: string; qr_url: string }[];
        return tables.find((t) => t.number === '3');
      }, VENUE.slug);
      expect(token?.qr_url).toBe(`${brandBase}/${VENUE.slug}/t/${token?.token}`);

      // The guest scans it on the brand's domain and orders an espresso and a cappuccino through the screens.
      const guestBrowser = await freshPage(browser);
      const guest = guestBrowser.page;
      await guest.goto(token!.qr_url);
      await expect(guest).toHaveURL(`${brandBase}/${VENUE.slug}`, { timeout: 15_000 });
      await expect(guest).toHaveTitle(new RegExp(VENUE.name));
      // The page is server-rendered (issue 17): the app is live once the header's tools show. A link tapped before
      // would load a new page, and a line on its way to the table's shared cart when a page unloads is sent again
      // from the next page (table-party-bridge pushes, then takes the line out of the local cart).
      await expect(guest.getByRole('button', { name: 'Избор на език' })).toBeVisible({ timeout: 15_000 });
      await guest
        .getByRole('link', { name: /^Топли напитки( |$)/ })
        .first()
        .click();
      for (const name of ['Еспресо', 'Капучино']) {
        const card = guest.locator('article', { hasText: name }).first();
        await expect(card).toBeVisible({ timeout: 15_000 });
        await card.getByRole('link', { name }).click();
        await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
        await guest.getByRole('button', { name: 'Добави в количката' }).first().click();
        await expect(guest.getByRole('status').filter({ hasText: `1 x ${name}` })).toBeVisible();
        await guest.goBack();
      }
      // At the table the phones share its cart (issue 19, the default for a new venue too): both lines, then
      // "Order for the table".
      await expect(guest.getByTestId('table-bar')).toContainText('маса 3');
      await guest.getByTestId('cart-button').click();
      const shared = guest.getByTestId('shared-cart');
      await expect(shared.getByTestId('party-line')).toHaveCount(2);
      await shared.getByRole('button', { name: 'Поръчай за масата' }).click();
      await expect(guest.getByText('Успешно направена поръчка')).toBeVisible({ timeout: 15_000 });
      // 2.40 + 3.60, priced by the server from the admin's prices.
      await expect(guest.getByTestId('order-answer-total')).toHaveText('6,00 €');
      await guestBrowser.close();

      // The brand's staff board (the admin is staff of every venue of the brand) shows the order at table 3.
      await admin.goto(`${brandBase}/${VENUE.slug}/staff`);
      await expect(admin.getByRole('heading', { level: 1, name: 'Поръчки' })).toBeVisible({
        timeout: 15_000,
      });
      const order = admin.locator('article[data-order-key]').filter({ hasText: 'Маса 3' });
      await expect(order).toHaveCount(1, { timeout: 15_000 });
      await expect(order).toContainText('Еспресо');
      await expect(order).toContainText('Капучино');
      await owner.close();

      // The bare host serves no brand (DEMO=0, no DEFAULT_CLIENT): /admin says that only platform staff sign in
      // there and where a brand's staff go; the brand admin's sign-in there says so too.
      const stranger = await freshPage(browser);
      await stranger.page.goto(`${plain}/admin`);
      await expect(stranger.page.getByRole('note')).toContainText('Този адрес не е на никоя марка.');
      await expect(stranger.page.getByRole('note')).toContainText('DEFAULT_CLIENT');
      await stranger.page.getByLabel('Имейл').fill(BRAND_ADMIN.email);
      await stranger.page.getByLabel('Парола').fill(BRAND_ADMIN.password);
      await stranger.page.getByRole('button', { name: 'Вход' }).click();
      await expect(stranger.page.getByRole('alert')).toHaveText(
        'Грешен имейл или парола. Профилите на марки влизат от адреса на своята марка.',
      );
      await stranger.close();
    });
  });
}
