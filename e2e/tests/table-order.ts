/**
 * A guest order at a table over the API, for journeys where it only has to arrive (the staff board's): the table's QR
 * scan (its session) and one product with no choice to make. The guest's own screens are other journeys' subject;
 * sendFromSharedCart takes the common last steps of those through the screens.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_TENANT } from './api-auth.ts';

/** Orders `quantity` of the bistro's first product in stock with no add-ons, at the table of QR `token`. */
export async function tableOrder(request: APIRequestContext, token: string, quantity = 1): Promise<void> {
  const scan = await request.post('/api/tables/verify_token', {
    headers: DEMO_TENANT,
    data: { token, placeSlug: 'bistro' },
  });
  expect(scan.status(), await scan.text()).toBe(200);
  const { session } = (await scan.json()) as { session: string };
  const menu = (await (await request.get('/api/products?active=1', { headers: DEMO_TENANT })).json()) as {
    id: number;
    in_stock: number;
    product_variants: { id: number }[];
    product_ingredients: unknown[];
  }[];
  const product = menu.find((p) => p.in_stock && p.product_ingredients.length === 0)!;
  const order = await request.post('/api/orders', {
    headers: DEMO_TENANT,
    data: {
      session,
      products: [{ product_id: product.id, product_variant_id: product.product_variants[0]!.id, quantity }],
    },
  });
  expect(order.status(), await order.text()).toBe(201);
}

/**
 * Through the guest's screens at a table (its QR scanned, something in the cart): the table's shared cart (issue 19)
 * with this phone's line, the venue's agreement ticked there, "Поръчай за масата" tapped. What the order's answer is
 * (sent, refused) is the caller's to check.
 */
export async function sendFromSharedCart(page: Page): Promise<void> {
  await page.getByTestId('cart-button').click();
  const shared = page.getByTestId('shared-cart');
  await expect(shared.getByTestId('party-line').first()).toBeVisible();
  await shared.getByRole('checkbox').check();
  await shared.getByRole('button', { name: 'Поръчай за масата' }).click();
}
