/**
 * The admin console's full journey (issue "Admin console"), through the admin's browser: the demo client admin adds
 * an add-on ingredient with a price, a category and a product with two variants (sizes in Bulgarian and English),
 * the add-on and an uploaded JPEG, in Bulgarian and English, all in the menu editor → a guest at table 1 sees it on
 * /bistro in both languages (names, description, sizes) and orders the large size with the add-on in English; the
 * staff board holds the order as the server priced it; the admin draws a delivery polygon on the Leaflet map
 * (clicks) → an address inside is priced with the polygon's price, one outside is refused with
 * invalid_delivery_shape; the admin changes subcategories_design → the guest page's list layout changes; the sales
 * report shows the test's orders.
 * Server and browser clocks are pinned to a Tuesday noon in Sofia (the bistro's delivery zone is active 11–22).
 */
import { signInToAdmin } from '../fixtures/admin.ts';
import { startFromFreshDatabase } from './fresh-database.ts';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { skipWelcome } from './welcome.ts';
import { apiHeaders } from './api-auth.ts';
import { chooseOption } from './choose-option.ts';
import { openOrderForm, ORDER_OR_KEEP } from './order-form.ts';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const DAY = '2026-03-03';
const TENANT = { client: 'demo', place: 'bistro' };
// A real 800×600 JPEG (made with sharp): the upload pipeline makes the WebP / AVIF / JPEG renditions from it.
const IMAGE = fileURLToPath(new URL('../fixtures/pumpkin-soup.jpg', import.meta.url));
const SHAPE_PRICE = 370;

interface Shape {
  id: number;
  delivery_price: number;
  coordinates: [number, number][] | { lat: number; lng: number }[];
}
interface AdminProduct {
  id: number;
  name: string;
  description: string | null;
  translations: Record<string, Record<string, string>>;
  catHierarchyIds: number[];
  product_variants: { id: number; price: number; size: string | null; translations: unknown }[];
  product_ingredients: { ingredientId: number; type: string }[];
  product_images: { path: string; width: number | null; height: number | null }[];
}
interface StaffOrder {
  id: number;
  table: { number: string } | null;
  lines: {
    product_id: number;
    variant_id: number;
    quantity: number;
    unit_price: number;
    line_total: number;
    ingredients: { type: string; price: number }[];
  }[];
  price: { total: number };
}
interface OrderType {
  id: number;
  type: number;
  delivery_shapes: Shape[];
}

/**
 * A delivery guest adds two of the product's 500 ml size and opens the order form with a delivery address, then pins
 * it on the form's map: 'east' inside the easternmost zone drawn on it (the admin's new one; the map is dragged until
 * that zone is in view), 'away' far from every zone. Returns the order dialog.
 */
async function deliverTo(guest: Page, category: string, name: string, where: 'east' | 'away') {
  await guest.goto('/bistro');
  await guest
    .getByRole('link', { name: new RegExp(`^${category}( |$)`) })
    .first()
    .click();
  await guest.locator('article', { hasText: name }).first().getByRole('link', { name }).click();
  await expect(guest.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  await guest.getByLabel('500 мл').check();
  for (let i = 0; i < 2; i++) await guest.getByRole('button', { name: 'Добави в количката' }).first().click();
  const d = await openOrderForm(guest, ORDER_OR_KEEP);
  await d.getByLabel('Доставка').check();
  await d.getByLabel('Име', { exact: true }).fill('Мария Иванова');
  await d.getByLabel('Телефон').fill('+359 888 123 456');
  await d.getByLabel('Улица').fill('ул. Шипка');
  await d.getByLabel('Номер', { exact: true }).fill('12');
  await d.getByLabel('Вход', { exact: true }).fill('А');
  await d.getByLabel('Етаж').fill('3');
  await d.getByLabel('Апартамент').fill('7');
  await d.getByLabel('Звънец').fill('Петров');
  const map = d.getByTestId('map-picker');
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('path.leaflet-interactive').first()).toBeVisible({ timeout: 15_000 });
  const drag = async (dx: number, dy: number) => {
    const m = (await map.boundingBox())!;
    const x = m.x + m.width / 2;
    const y = m.y + m.height / 2;
    await guest.mouse.move(x, y);
    await guest.mouse.down();
    await guest.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
    await guest.mouse.move(x + dx, y + dy, { steps: 5 });
    await guest.mouse.up();
  };
  if (where === 'away') {
    // Zoomed out five steps, then two drags west and north: some hundred kilometres from every zone.
    for (let i = 0; i < 5; i++) {
      await map.getByRole('button', { name: 'Отдалечи' }).click();
      await guest.waitForTimeout(400);
    }
    for (let i = 0; i < 2; i++) await drag(250, 150);
    const m = (await map.boundingBox())!;
    await guest.mouse.click(m.x + m.width / 2, m.y + m.height / 2);
  } else {
    for (let attempt = 0; ; attempt++) {
      const m = (await map.boundingBox())!;
      const boxes = await map.locator('path.leaflet-interactive').evaluateAll((paths) =>
        paths.map((p) => {
          const r = p.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      const zone = boxes.reduce((e, b) => (b.x + b.width / 2 > e.x + e.width / 2 ? b : e));
      const cx = zone.x + zone.width / 2;
      const cy = zone.y + zone.height / 2;
      // The zone's centre well inside the map: pin it there.
      if (cx > m.x + 20 && cx < m.x + m.width - 20 && cy > m.y + 20 && cy < m.y + m.height - 20) {
        await guest.mouse.click(cx, cy);
        break;
      }
      expect(attempt, 'the drawn zone dragged into view').toBeLessThan(5);
      const clamp = (v: number, lim: number) => Math.max(-lim, Math.min(lim, v));
      await drag(
        clamp(m.x + m.width / 2 - cx, m.width / 2 - 10),
        clamp(m.y + m.height / 2 - cy, m.height / 2 - 10),
      );
    }
  }
  await d.getByLabel('В брой').check();
  await d.getByLabel('Не, без прибори').check();
  await d.getByRole('checkbox').last().check();
  return d;
}

/** The class of the guest home's category list (it names the subcategories_design variant). */
async function categoryListClass(page: Page): Promise<string | null> {
  await page.goto('/bistro');
  const list = page.locator('main ul:has(a[href^="/bistro/"])').first();
  await list.waitFor({ timeout: 5_000 }).catch(() => undefined);
  return list.getAttribute('class').catch(() => null);
}

test('admin builds a product, draws a delivery zone and changes the layout; guests see and order; reports count it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  expect((await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } })).ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await skipWelcome(page);
  const admin = await apiHeaders(request);
  const tag = Date.now() % 100_000;
  const catBg = `Сезонно ${tag}`;
  const catEn = `Seasonal ${tag}`;
  const ingBg = `Пармезан ${tag}`;
  const ingEn = `Parmesan ${tag}`;
  const bgName = `Тиквена супа ${tag}`;
  const enName = `Pumpkin soup ${tag}`;

  // --- Menu, all in the editor: an add-on ingredient, a category, a product with two variants and an image. ---
  await signInToAdmin(page);
  await page.getByRole('link', { name: 'Меню', exact: true }).click();

  await page.getByRole('tab', { name: 'Съставки' }).click();
  await page.getByRole('button', { name: 'Добави', exact: true }).click();
  const ingredientForm = page.getByRole('form', { name: 'Съставка' });
  await ingredientForm.getByLabel('Име (bg)').fill(ingBg);
  await ingredientForm.getByLabel('Име (en)').fill(ingEn);
  await ingredientForm.getByLabel('Цена', { exact: true }).fill('1.20');
  await ingredientForm.getByRole('button', { name: 'Запази' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${ingBg} \\(`) })).toBeVisible();

  await page.getByRole('tab', { name: 'Категории и продукти' }).click();
  await page.getByRole('button', { name: 'Нова категория' }).click();
  const categoryForm = page.getByRole('form', { name: 'Категория' });
  await categoryForm.getByLabel('Име (bg)').fill(catBg);
  await categoryForm.getByLabel('Име (en)').fill(catEn);
  await categoryForm.getByRole('button', { name: 'Запази', exact: true }).click();
  await expect(categoryForm.getByRole('status')).toHaveText('Запазено');
  await expect(page.getByRole('treeitem', { selected: true })).toContainText(catBg);

  await page.getByRole('region', { name: 'Продукти' }).getByRole('button', { name: 'Нов продукт' }).click();
  const form = page.getByRole('form', { name: 'Продукт' });
  await form.getByLabel('Име (bg)').fill(bgName);
  await form.getByLabel('Име (en)').fill(enName);
  await form.getByLabel('Описание (bg)').fill('Кремообразна, с тиквени семки');
  await form.getByLabel('Описание (en)').fill('Creamy, with pumpkin seeds');
  const small = form.getByRole('group', { name: 'Вариант 1' });
  await small.getByLabel('Цена 1').fill('6.50');
  await small.getByLabel('Размер 1 (bg)').fill('300 мл');
  await small.getByLabel('Размер 1 (en)').fill('300 ml');
  await form.getByRole('button', { name: 'Добави вариант' }).click();
  const large = form.getByRole('group', { name: 'Вариант 2' });
  await large.getByLabel('Цена 2').fill('9.50');
  await large.getByLabel('Размер 2 (bg)').fill('500 мл');
  await large.getByLabel('Размер 2 (en)').fill('500 ml');
  await chooseOption(form, `Как се използва ${ingBg}`, 'Добавка');
  await form.getByLabel('Изберете файл').setInputFiles(IMAGE);
  await expect(form.locator('img[src^="/uploads/"]').first()).toBeVisible({ timeout: 15_000 });
  await form.getByRole('button', { name: 'Запази', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Запазено', { timeout: 15_000 });
  await expect(form.getByRole('heading', { name: `Продукт: ${bgName}` })).toBeVisible();
  // The re-opened form shows what was stored, the sizes of both languages included.
  await expect(form.getByRole('group', { name: 'Вариант 2' }).getByLabel('Размер 2 (en)')).toHaveValue(
    '500 ml',
  );

  // Stored as typed: the admin API answers it.
  const stored = (await (
    await request.get('/api/admin/products', { headers: admin })
  ).json()) as AdminProduct[];
  const product = stored.find((p) => p.name === bgName)!;
  expect(product, `product ${bgName}`).toBeTruthy();
  expect(product).toMatchObject({
    description: 'Кремообразна, с тиквени семки',
    translations: { en: { name: enName, description: 'Creamy, with pumpkin seeds' } },
    product_ingredients: [{ type: 'addable' }],
    product_images: [{ path: expect.stringMatching(/^\/uploads\/.+\.jpg$/), width: 800, height: 600 }],
  });
  expect(product.product_variants).toMatchObject([
    { price: 650, size: '300 мл', translations: { en: { size: '300 ml' } } },
    { price: 950, size: '500 мл', translations: { en: { size: '500 ml' } } },
  ]);
  // Two of the larger size: above the bistro's minimal delivery order (15.00), below its 60.00 discount tier.
  const variant = product.product_variants[1]!;

  // --- The guest at table 1: sees it in Bulgarian, then in English, and orders it with the add-on. ---
  await page.goto('/bistro/t/demo-t1');
  await expect(page).toHaveURL(/\/bistro$/, { timeout: 15_000 });
  await page
    .getByRole('link', { name: new RegExp(`^${catBg}( |$)`) })
    .first()
    .click();
  const card = page.locator('article', { hasText: bgName }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Кремообразна, с тиквени семки');
  await expect(card.getByRole('list', { name: 'Размери и цени' }).getByRole('listitem')).toContainText([
    '300 мл',
    '500 мл',
  ]);
  await expect(card.locator('img').first()).toHaveAttribute('src', /\/uploads\//);

  await page.getByRole('button', { name: 'Избор на език' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const enCard = page.locator('article', { hasText: enName }).first();
  await expect(enCard).toBeVisible({ timeout: 15_000 });
  await expect(enCard).toContainText('Creamy, with pumpkin seeds');
  const sizes = enCard.getByRole('list', { name: 'Sizes and prices' });
  await expect(sizes.getByRole('listitem')).toContainText(['300 ml', '500 ml']);
  await expect(sizes).not.toContainText('мл');
  await page.goto('/bistro');
  await expect(page.getByRole('link', { name: new RegExp(`^${catEn}( |$)`) }).first()).toBeVisible({
    timeout: 15_000,
  });

  await page
    .getByRole('link', { name: new RegExp(`^${catEn}( |$)`) })
    .first()
    .click();
  await page.locator('article', { hasText: enName }).first().getByRole('link', { name: enName }).click();
  await expect(page.getByRole('heading', { level: 1, name: enName })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('500 ml').check();
  await page.getByRole('checkbox', { name: new RegExp(ingEn) }).check();
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: `1 x ${enName} - /500 ml/` })).toBeVisible();
  // The table's shared cart (issue 19): the agreement, then "Order for the table".
  await page.getByTestId('cart-button').click();
  const shared = page.getByTestId('shared-cart');
  await expect(shared.getByTestId('party-line').first()).toBeVisible();
  await shared.getByRole('checkbox').check();
  await shared.getByRole('button', { name: 'Order for the table' }).click();
  await expect(page.getByText('Order placed successfully')).toBeVisible({ timeout: 15_000 });
  await page.context().addCookies([{ name: 'language', value: 'bg', url: baseURL! }]);

  // The order as the server stored and priced it: the large soup with Parmesan, 9.50 + 1.20.
  const board = (await (await request.get('/api/staff/orders?active=1', { headers: admin })).json()) as {
    orders: StaffOrder[];
  };
  const tableOrder = board.orders.find((o) => o.lines.some((l) => l.product_id === product.id));
  expect(tableOrder, 'the table order on the staff board').toBeTruthy();
  expect(tableOrder!.table?.number).toBe('1');
  expect(tableOrder!.lines).toHaveLength(1);
  expect(tableOrder!.lines[0]).toMatchObject({
    variant_id: variant.id,
    quantity: 1,
    // the unit price holds the add-on
    unit_price: 950 + 120,
    line_total: 950 + 120,
    ingredients: [{ type: 'addable', price: 120 }],
  });
  expect(tableOrder!.price.total).toBe(950 + 120);

  // --- Delivery zone: drawn on the Leaflet map by clicks, east of the seeded centre zone (still signed in). ---
  await page.goto('/admin/zones');
  const delivery = page.getByRole('region', { name: 'Доставка', exact: true });
  await delivery.getByRole('button', { name: 'Начертай зона за доставка' }).click();
  const map = delivery.getByRole('application', { name: 'Карта на зоната за доставка' });
  await expect(map).toBeVisible({ timeout: 15_000 });
  // The editor card: the innermost block holding both the map and its save button.
  const editor = delivery
    .locator('div')
    .filter({ has: page.getByRole('application', { name: 'Карта на зоната за доставка' }) })
    .filter({ has: page.getByRole('button', { name: 'Запази зоната' }) })
    .last();
  await editor.getByLabel('Цена на доставка').fill((SHAPE_PRICE / 100).toFixed(2));
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const cx = box.width / 2;
  const cy = box.height / 2;
  for (const [dx, dy] of [
    [170, -60],
    [300, -60],
    [300, 60],
    [170, 60],
  ] as const) {
    await map.click({ position: { x: Math.min(box.width - 5, cx + dx), y: cy + dy } });
  }
  await editor.getByRole('button', { name: 'Запази зоната' }).click();

  // The saved polygon, from the admin API.
  let shape: Shape | undefined;
  await expect
    .poll(
      async () => {
        const types = (await (
          await request.get('/api/admin/order-types', { headers: admin })
        ).json()) as OrderType[];
        shape = types
          .find((t) => t.type === 2)
          ?.delivery_shapes.find((s) => s.delivery_price === SHAPE_PRICE);
        return shape?.coordinates.length ?? 0;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(4);
  const points = shape!.coordinates.map((c) => (Array.isArray(c) ? { lat: c[0], lng: c[1] } : c));
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);

  // A delivery guest in their own browser: two of the large soup, the order form, a pin on its map. Inside the drawn
  // zone: priced with the zone's price. Outside every zone: refused with the §8 message.
  const guestContext = await browser.newContext();
  try {
    const guest = await guestContext.newPage();
    await guest.clock.setFixedTime(new Date(TUESDAY_NOON));
    await skipWelcome(guest);
    const inZone = await deliverTo(guest, catBg, bgName, 'east');
    await expect(inZone.getByTestId('delivery-zone')).toHaveText(
      `Адресът е в зоната за доставка. Доставка: ${(SHAPE_PRICE / 100).toFixed(2).replace('.', ',')} €.`,
    );
    const answer = guest.waitForResponse((r) => r.url().includes('/api/orders/delivery'));
    await inZone.getByRole('button', { name: /Изпрати поръчката/ }).click();
    expect((await answer).status()).toBe(201);
    // The pin the guest set went with the order, inside the drawn polygon's bounds.
    const sent = (await answer).request().postDataJSON() as { lat: number; lng: number };
    expect(sent.lat).toBeGreaterThan(Math.min(...lats));
    expect(sent.lat).toBeLessThan(Math.max(...lats));
    expect(sent.lng).toBeGreaterThan(Math.min(...lngs));
    expect(sent.lng).toBeLessThan(Math.max(...lngs));
    // The guest answer is in the venue currency (issue 25 #1), the admin API's prices in minor units.
    expect(Math.round(((await (await answer).json()) as { totalPrice: number }).totalPrice * 100)).toBe(
      2 * variant.price + SHAPE_PRICE,
    );
    await expect(guest.getByText(/^Благодарим ви! Поръчката е приета/)).toBeVisible();

    const outside = await deliverTo(guest, catBg, bgName, 'away');
    await expect(outside.getByTestId('delivery-zone')).toHaveText('Не доставяме до този адрес.');
    const refused = guest.waitForResponse((r) => r.url().includes('/api/orders/delivery'));
    await outside.getByRole('button', { name: /Изпрати поръчката/ }).click();
    expect((await refused).status()).toBe(400);
    expect(((await (await refused).json()) as { code: string }).code).toBe('invalid_delivery_shape');
    await expect(outside.getByTestId('order-error')).toHaveText(
      'Моля, проверете или въведете отново адреса за доставка.',
    );
  } finally {
    await guestContext.close();
  }

  // --- Layout: subcategories_design changes the guest page's category list. ---
  const before = await categoryListClass(page);
  expect(before).toBeTruthy();
  // The admin picks the other design on the settings screen and saves.
  await page.goto('/admin/settings');
  const design = page.locator('#setting-subcategories_design');
  await expect(design).toBeVisible({ timeout: 15_000 });
  // 1 is "Плочки със снимки", 3 "Карти в колони".
  const next = (await design.innerText()).trim() === 'Плочки със снимки' ? '3' : '1';
  await chooseOption(page, design, next === '1' ? 'Плочки със снимки' : 'Карти в колони');
  await page.getByRole('button', { name: 'Запази' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Запазено' }).first()).toBeVisible();
  // Stored: the venue's public settings carry the new design.
  const storedSettings = (await (await request.get('/api/settings', { headers: TENANT })).json()) as Record<
    string,
    { value: string }
  >;
  expect(storedSettings.subcategories_design?.value).toBe(next);
  await expect.poll(() => categoryListClass(page), { timeout: 15_000 }).not.toBe(before);

  // --- Reports: the day's sales count the order and the product. ---
  const report = await request.get(`/api/admin/reports/sales?from=${DAY}&to=${DAY}`, { headers: admin });
  expect(report.status(), await report.text()).toBe(200);
  const sales = (await report.json()) as {
    orders: number;
    top_products: { product_id: number; quantity: number }[];
  };
  // The guest's table order (one) and the delivery order inside the drawn zone (two).
  expect(sales.orders).toBeGreaterThanOrEqual(2);
  expect(sales.top_products.find((p) => p.product_id === product.id)?.quantity).toBe(3);
  await page.goto('/admin/reports');
  await expect(page.getByText(bgName).first()).toBeVisible({ timeout: 15_000 });
});
