/**
 * Test data of the staff suites: client `stf` with place `cafe` (tables 1–3, room 101, one product, every order
 * type) and place `cafe2`, a second client `stf-other`, and one account per role of interest. Tokens are signed
 * with the app's own key (`staffTokens`), so no login round trip is needed.
 */
import type { FastifyInstance } from 'fastify';
import type { Role } from '@trapeza/domain/roles';
import type { AppDatabase } from '../../db/database.ts';
import { passwordVersion } from '../../lib/auth-token.ts';
import {
  insertCategory,
  insertClient,
  insertPlace,
  insertProduct,
  insertTable,
  setSetting,
} from '../../../test/fixtures.ts';

export const CLIENT = 'stf';
export const PLACE = 'cafe';
const PASSWORD_HASH = 'not-a-real-hash';

export type Account =
  'user' | 'waiter' | 'waiterCafe2' | 'placeAdmin' | 'clientAdmin' | 'otherClientAdmin' | 'pdfMenuAdmin';

export interface StaffFixture {
  clientId: number;
  otherClientId: number;
  cafe: number;
  cafe2: number;
  far: number;
  product: { id: number; variant: number };
  tables: Record<'1' | '2' | '3' | '101', number>;
  farTable: number;
  users: Record<Account, { id: number; role: Role; clientId: number }>;
}

async function insertUser(db: AppDatabase, clientId: number, email: string, role: Role): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      client_id: clientId,
      email,
      password_hash: PASSWORD_HASH,
      first_name: 'Staff',
      last_name: role,
      phone: null,
      address: null,
      role,
      points: 0,
      accumulated_amount: 0,
      banned: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seedStaffFixture(db: AppDatabase): Promise<StaffFixture> {
  const clientId = await insertClient(db, CLIENT, 'Staff tests');
  const cafe = await insertPlace(db, clientId, PLACE, {
    name: 'Кафе Трапеза',
    orderTypes: [1, 2, 3, 6, 7],
    modules: ['feedback'],
  });
  const cafe2 = await insertPlace(db, clientId, 'cafe2', { orderTypes: [1] });
  const otherClientId = await insertClient(db, 'stf-other', 'Another brand');
  const far = await insertPlace(db, otherClientId, 'far', { orderTypes: [1] });
  for (const place of [cafe, cafe2, far]) {
    await setSetting(db, place, 'orders_allowed', '1');
    await setSetting(db, place, 'disable_overtime_orders', '0');
  }
  const category = await insertCategory(db, cafe, { slug: 'drinks', name: 'Напитки' });
  const productId = await insertProduct(
    db,
    cafe,
    { slug: 'lemonade', name: 'Лимонада' },
    { categoryIds: [category], price: 450 },
  );
  const variant = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  const tables = {
    '1': await insertTable(db, cafe, '1', 'stf-t1'),
    '2': await insertTable(db, cafe, '2', 'stf-t2'),
    '3': await insertTable(db, cafe, '3', 'stf-t3'),
    '101': await insertTable(db, cafe, '101', 'stf-r101', 'room'),
  };
  const farTable = await insertTable(db, far, '1', 'stf-far-t1');

  const user = async (key: Account, role: Role, client: number, places: number[]) => {
    const id = await insertUser(db, client, `${key}@staff.test`, role);
    for (const place of places)
      await db.insertInto('user_places').values({ user_id: id, place_id: place }).execute();
    return { id, role, clientId: client };
  };
  const users: StaffFixture['users'] = {
    user: await user('user', 'USER', clientId, []),
    waiter: await user('waiter', 'WAITER', clientId, [cafe]),
    waiterCafe2: await user('waiterCafe2', 'WAITER', clientId, [cafe2]),
    placeAdmin: await user('placeAdmin', 'PLACE_ADMIN', clientId, [cafe]),
    clientAdmin: await user('clientAdmin', 'CLIENT_ADMIN', clientId, []),
    otherClientAdmin: await user('otherClientAdmin', 'CLIENT_ADMIN', otherClientId, []),
    pdfMenuAdmin: await user('pdfMenuAdmin', 'PDF_MENU_ADMIN', clientId, [cafe]),
  };
  return {
    clientId,
    otherClientId,
    cafe,
    cafe2,
    far,
    product: { id: productId, variant: variant.id },
    tables,
    farTable,
    users,
  };
}

/** Bearer tokens of every fixture account, signed by the app. */
export async function staffTokens(app: FastifyInstance, fx: StaffFixture): Promise<Record<Account, string>> {
  const out = {} as Record<Account, string>;
  for (const [key, u] of Object.entries(fx.users) as [Account, StaffFixture['users'][Account]][]) {
    const { token } = await app.auth.tokens.sign({
      userId: u.id,
      role: u.role,
      clientId: u.clientId,
      pwv: passwordVersion(PASSWORD_HASH),
    });
    out[key] = token;
  }
  return out;
}

/** A cart line as the browser sends it (prices are re-read by the server). */
export function cartLine(productId: number, variantId: number, quantity = 1) {
  return {
    product_variant_id: variantId,
    product_id: productId,
    size: '300 г',
    price: 1,
    additional_price: 0,
    name: 'Лимонада',
    image: null,
    date_added: '2026-11-24T09:59:00Z',
    product_translations: {},
    variant_translations: {},
    product_ingredients: [],
    ingredients: { required: 0, addable: [], removable: [] },
    quantity,
    catHierarchyId: null,
    discount_percent: 0,
    discount_money: 0,
    time_based_discount_enabled: 0,
    time_based_discount_percent: 0,
    time_based_discount_start_hour: 0,
    time_based_discount_end_hour: 23,
    time_based_discount_days: [],
    disable_promocode_discount: 0,
  };
}

/** An order row straight into the database (for the transition table), with one line. */
export async function insertOrder(
  db: AppDatabase,
  fx: StaffFixture,
  type: number,
  status: string,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('orders')
    .values({
      place_id: fx.cafe,
      key: `k-${type}-${status}-${Math.random().toString(36).slice(2)}`,
      token: `tok-${Math.random().toString(36).slice(2)}-${Date.now()}`,
      type,
      status,
      table_id: type === 1 ? fx.tables['1'] : null,
      room_number: type === 6 ? '101' : null,
      user_id: null,
      client_name: type === 1 ? null : 'Мария Иванова',
      client_phone: type === 1 ? null : '+359888123456',
      client_email: null,
      client_address: type === 2 ? 'ул. Шипка' : null,
      street_number: type === 2 ? '12' : null,
      floor_number: null,
      ap_number: null,
      bell_number: null,
      entrance_number: null,
      postal_code: null,
      region_id: null,
      delivery_radius_id: null,
      delivery_shape_id: null,
      lat: null,
      lng: null,
      requested_time: null,
      exact_time_selected: 0,
      payment_method: 'cash',
      payment_status: 'none',
      cutlery: 0,
      count_cutlery: 0,
      additional_order_type: null,
      pickup_place_id: null,
      promo_code: null,
      order_comment: null,
      subtotal: 450,
      discount_total: 0,
      delivery_fee: 0,
      box_fee: 0,
      cutlery_fee: 0,
      payment_fee: 0,
      accumulated_amount_used: 0,
      total: 450,
      currency: 'BGN',
      breakdown: '{}',
      bill_wanted: 0,
      bill_payment_method: null,
      device_id: null,
      dedupe_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values({
      order_id: row.id,
      product_id: fx.product.id,
      variant_id: fx.product.variant,
      name: 'Лимонада',
      size: '300 г',
      quantity: 1,
      unit_price: 450,
      box_fee: 0,
      discount: 0,
      line_total: 450,
      comment: null,
      category_id: null,
    })
    .execute();
  return row.id;
}
