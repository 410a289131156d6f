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
import { startFromFreshDatabase } from './fresh-database.ts';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

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

async function adminToken(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/login', {
    headers: { client: 'demo' },
    data: { email: 'admin@demo.test', password: 'demo-admin' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...TENANT, authorization: `Bearer ${(await res.json()).token}` };
}

async function signIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Имейл').fill('admin@demo.test');
  await page.getByLabel('Парола').fill('demo-admin');
  await page.getByRole('button', { name: 'Вход' }).click();
  const chooser = page.getByRole('combobox', { name: 'Обект' });
  await expect(chooser).toBeVisible();
  await chooser.selectOption('demo/bistro');
  await expect(page.getByRole('navigation', { name: 'Раздели на администрацията' })).toBeVisible();
}

function deliveryBody(product: { id: number; variant: number }, lat: number, lng: number) {
  return {
    client_name: 'Мария Иванова',
    client_phone: '+359 888 123 456',
    client_email: 'maria@example.com',
    payment_method: 'cash',
    exact_time_selected: 0,
    cutlery: 0,
    client_address: 'ул. Шипка 12',
    street_number: '12',
    floor_number: '3',
    ap_number: '7',
    bell_number: 'Иванова',
    entrance_number: 'А',
    delivery_postal_code: '1000',
    products: [
      {
        product_variant_id: product.variant,
        product_id: product.id,
        quantity: 2,
        ingredients: { required: 0, addable: [], removable: [] },
      },
    ],
    token: null,
    order_comment: [],
    delivery_time: '',
    regionId: null,
    deliveryRadiusId: null,
    deliveryShapeId: null,
    cartId: null,
    promo_code: null,
    order_text_comment: '',
    subscribe_for_lunch_menu: 0,
    lat,
    lng,
    delivery_address_lat: lat,
    delivery_address_lng: lng,
    free_product: null,
    count_cutlery: 0,
    userDeviceData: null,
    accumulatedOrderAmountUsed: 0,
  };
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
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect((await request.put('/api/__test/clock', { data: { now: TUESDAY_NOON } })).ok()).toBe(true);
  await page.clock.setFixedTime(new Date(TUESDAY_NOON));
  await page.addInitScript(() => sessionStorage.setItem('welcome_banner_seen_bistro', '1'));
  const admin = await adminToken(request);
  const tag = Date.now() % 100_000;
  const catBg = `Сезонно ${tag}`;
  const catEn = `Seasonal ${tag}`;
  const ingBg = `Пармезан ${tag}`;
  const ingEn = `Parmesan ${tag}`;
  const bgName = `Тиквена супа ${tag}`;
  const enName = `Pumpkin soup ${tag}`;

  // --- Menu, all in the editor: an add-on ingredient, a category, a product with two variants and an image. ---
  await signIn(page);
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
  await form.getByLabel(`Как се използва ${ingBg}`).selectOption({ label: 'Добавка' });
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
  const inside = {
    lat: points.reduce((a, p) => a + p.lat, 0) / points.length,
    lng: points.reduce((a, p) => a + p.lng, 0) / points.length,
  };

  // Inside: priced with the zone's price. Outside every zone: refused.
  const order = await request.post(`/api/orders/delivery?t=${Date.now()}`, {
    headers: TENANT,
    data: deliveryBody({ id: product.id, variant: variant.id }, inside.lat, inside.lng),
  });
  expect(order.status(), await order.text()).toBe(201);
  // The guest answer is in the venue currency (issue 25 #1), the admin API's prices in minor units.
  expect(Math.round((await order.json()).totalPrice * 100)).toBe(2 * variant.price + SHAPE_PRICE);
  const outside = await request.post(`/api/orders/delivery?t=${Date.now()}`, {
    headers: TENANT,
    data: deliveryBody({ id: product.id, variant: variant.id }, 42.95, 23.9),
  });
  expect(outside.status()).toBe(400);
  expect((await outside.json()).code).toBe('invalid_delivery_shape');

  // --- Layout: subcategories_design changes the guest page's category list. ---
  const before = await categoryListClass(page);
  expect(before).toBeTruthy();
  const current = (await (await request.get('/api/settings', { headers: TENANT })).json()) as Record<
    string,
    { value: string }
  >;
  const next = current.subcategories_design?.value === '1' ? '3' : '1';
  const saved = await request.put('/api/admin/settings', {
    headers: admin,
    data: { subcategories_design: next },
  });
  expect(saved.status(), await saved.text()).toBe(200);
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
