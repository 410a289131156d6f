/**
 * The admin console's full journey (issue "Admin console"): the demo client admin adds a category and a product
 * with two variants, an addable ingredient and an uploaded image, in Bulgarian and English → a guest sees it on
 * /bistro in both languages and orders it; the admin draws a delivery polygon on the Leaflet map (clicks) → an
 * address inside is priced with the polygon's price, one outside is refused with invalid_delivery_shape; the admin
 * changes subcategories_design → the guest page's list layout changes; the sales report shows the test's orders.
 * Server and browser clocks are pinned to a Tuesday noon in Sofia (the bistro's delivery zone is active 11–22).
 */
import { startFromFreshDatabase } from './fresh-database.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

startFromFreshDatabase();

const TUESDAY_NOON = '2026-03-03T10:00:00.000Z';
const DAY = '2026-03-03';
const TENANT = { client: 'demo', place: 'bistro' };
// A valid 1×1 PNG: the upload pipeline (sharp) makes the renditions from it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SHAPE_PRICE = 370;

interface Shape {
  id: number;
  delivery_price: number;
  coordinates: [number, number][] | { lat: number; lng: number }[];
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

  // --- Menu: an uploaded image, a category, an addable ingredient, a product with two variants (bg + en). ---
  const upload = await request.post('/api/admin/images', {
    headers: admin,
    multipart: { file: { name: 'dot.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = (await upload.json()) as { path: string; width: number; height: number };

  const category = await request.post('/api/admin/categories', {
    headers: admin,
    data: { name: `Сезонно ${tag}`, translations: { en: { name: `Seasonal ${tag}` } } },
  });
  expect(category.status(), await category.text()).toBe(201);
  const cat = (await category.json()) as { id: number; slug: string };
  const ingredient = await request.post('/api/admin/ingredients', {
    headers: admin,
    data: { name: `Пармезан ${tag}`, price: 120, translations: { en: { name: `Parmesan ${tag}` } } },
  });
  expect(ingredient.status(), await ingredient.text()).toBe(201);

  const bgName = `Тиквена супа ${tag}`;
  const enName = `Pumpkin soup ${tag}`;
  const created = await request.post('/api/admin/products', {
    headers: admin,
    data: {
      name: bgName,
      description: 'Кремообразна',
      translations: { en: { name: enName, description: 'Creamy' } },
      catHierarchyIds: [cat.id],
      product_variants: [
        { price: 650, size: '300 мл', translations: { en: { size: '300 ml' } } },
        { price: 950, size: '500 мл', translations: { en: { size: '500 ml' } } },
      ],
      product_ingredients: [{ ingredientId: (await ingredient.json()).id, type: 'addable' }],
      product_images: [{ path: image.path, width: image.width, height: image.height }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: number; product_variants: { id: number; price: number }[] };
  expect(product.product_variants).toHaveLength(2);
  // Two of the larger size: above the bistro's minimal delivery order (15.00), below its 60.00 discount tier.
  const variant = product.product_variants[1]!;

  // The guest sees it in Bulgarian, then in English, with its image.
  await page.goto(`/bistro/${cat.slug}`);
  const card = page.locator('article', { hasText: bgName }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.locator('img').first()).toHaveAttribute('src', /\/uploads\//);
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  await page.goto(`/bistro/${cat.slug}`);
  await expect(page.locator('article', { hasText: enName }).first()).toBeVisible({ timeout: 15_000 });
  await page.context().addCookies([{ name: 'language', value: 'bg', url: baseURL! }]);

  // --- Delivery zone: drawn on the Leaflet map by clicks, east of the seeded centre zone. ---
  await signIn(page);
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
  expect((await order.json()).totalPrice).toBe(2 * variant.price + SHAPE_PRICE);
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
  expect(sales.orders).toBeGreaterThanOrEqual(1);
  expect(sales.top_products.find((p) => p.product_id === product.id)?.quantity).toBe(2);
  await page.goto('/admin/reports');
  await expect(page.getByText(bgName).first()).toBeVisible({ timeout: 15_000 });
});
