/**
 * The spec's client contract (issue 25 #1 and its contract test): every call of spec §7, made with the spec's
 * field names on SQLite and PostgreSQL, answered in the shapes and units a client written from the spec reads.
 *
 * The fixture below is written from the spec text (§7's call list, §3's order response, §9 "price rounding:
 * 2 decimals"): path, method, payload fields, the answer fields the spec names, and which fields are amounts. Every
 * amount of every answer (any field the guest contracts declare as money, wire-money.ts) must be a decimal number
 * with at most 2 places in the venue currency, and equal to the database's minor units / 100 where the test knows
 * them. Calls whose payload or answer the spec leaves "not shown" are checked for a 2xx JSON answer and their amounts.
 *
 * Units: every guest call with amounts — the menu, the place, the promo check, bookings, orders, the table calls
 * (shared cart, split bill), users and payments — answers and accepts decimals (checked against the database
 * below); the staff, admin and platform calls carry minor units (their own suites).
 *
 * Bad input (issue 25 "Bad input", tested on the codec in packages/domain/src/contracts/money.test.ts): the rule — an amount is a number or a numeric string in the venue
 * currency, rounded half-up to 2 places; garbage is a 400; the old integer form is read as currency units (250 is
 * 250.00, never 2.50) and the server bounds it (the accumulated amount used is capped at the user's balance), so an
 * old client cannot be charged or credited 100 × silently.
 */
import { expect } from 'vitest';
import { WIRE_MONEY_KEYS, WIRE_MONEY_WHEN } from '@trapeza/domain/contracts/wire-money';
import type { DialectName } from '../src/db/database.ts';
import {
  CLIENT,
  PIN_IN_SHAPE,
  cartLine,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from '../src/modules/orders/orders.fixtures.ts';
import { passwordVersion } from '../src/lib/auth-token.ts';
import { setSetting } from './fixtures.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

type Json = Record<string, unknown>;

/** Every amount in an answer, with its path: the money keys of the guest contracts (and discounts typed 'money'). */
function amountsOf(data: unknown, path = '$'): { path: string; value: unknown }[] {
  if (Array.isArray(data)) return data.flatMap((item, i) => amountsOf(item, `${path}[${i}]`));
  if (data === null || typeof data !== 'object') return [];
  const owner = data as Json;
  return Object.entries(owner).flatMap(([key, value]) => {
    const when = WIRE_MONEY_WHEN[key];
    const money = WIRE_MONEY_KEYS.has(key) || (when !== undefined && owner[when[0]] === when[1]);
    return money && (typeof value === 'number' || typeof value === 'string')
      ? [{ path: `${path}.${key}`, value }]
      : amountsOf(value, `${path}.${key}`);
  });
}

/** A decimal number of the venue currency with at most 2 places (§9). */
function expectDecimals(data: unknown, call: string): void {
  for (const { path, value } of amountsOf(data)) {
    expect(typeof value, `${call} ${path}`).toBe('number');
    const cents = (value as number) * 100;
    expect(Math.abs(cents - Math.round(cents)), `${call} ${path} = ${String(value)}`).toBeLessThan(1e-6);
  }
}

/** Amounts in an answer's raw JSON text: none with more than 2 decimals (what a spec client parses). */
function expectNoLongDecimals(text: string, call: string): void {
  const keys = [...WIRE_MONEY_KEYS, ...Object.keys(WIRE_MONEY_WHEN)].join('|');
  const long = text.match(new RegExp(`"(${keys})":-?\\d+\\.\\d{3,}`, 'g'));
  expect(long, call).toBeNull();
}

const fixtures = new Map<DialectName, OrderFixture>();

describeEachDatabase(
  'spec §7 contract: shapes and units',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    // Each test at its own minute of an open Tuesday (no duplicate-order window between tests).
    ownMinuteEachTest(ctx);
    const call = async (
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      body?: unknown,
      opts: { place?: string; client?: string; headers?: Record<string, string> } = {},
    ) => {
      const res = await ctx.request(method, `/api/${path}`, {
        client: opts.client ?? CLIENT,
        place: opts.place ?? 'bistro',
        headers: opts.headers,
        body,
      });
      const name = `${method} ${path}`;
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
      expectNoLongDecimals(res.body, name);
      const json: unknown = res.body === '' ? null : res.json();
      expectDecimals(json, name);
      return json as never;
    };
    const guest = {
      client_name: 'Мария Иванова',
      client_phone: '+359 888 123 456',
      client_email: 'maria@example.com',
      payment_method: 'cash',
      exact_time_selected: 0,
      cutlery: 0,
    };
    /** §7 POST orders/delivery, every field the spec lists. */
    const deliveryBody = (products: unknown[], extra: Json = {}) => ({
      ...guest,
      products,
      client_address: 'ул. Шипка / вх. А',
      street_number: '12',
      floor_number: '3',
      ap_number: '7',
      bell_number: 'Иванова',
      entrance_number: 'А',
      delivery_postal_code: '1000',
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
      lat: PIN_IN_SHAPE.lat,
      lng: PIN_IN_SHAPE.lng,
      delivery_address_lat: PIN_IN_SHAPE.lat,
      delivery_address_lng: PIN_IN_SHAPE.lng,
      free_product: null,
      count_cutlery: 0,
      userDeviceData: null,
      accumulatedOrderAmountUsed: 0,
      ...extra,
    });
    /** §3 order response: token, key, totalPrice, paymentMethod, ppResp {redForm, redLink}. */
    const expectOrderResponse = (answer: Json) => {
      expect(answer).toHaveProperty('paymentMethod');
      expect(answer).toEqual(
        expect.objectContaining({
          token: expect.any(String),
          key: expect.any(String),
          totalPrice: expect.any(Number),
          ppResp: expect.any(Object),
        }),
      );
    };

    ctx.test('the menu calls: shapes, and amounts as the venue currency (minor units / 100)', async () => {
      const f = fx();
      const settings = (await call('GET', 'settings')) as Record<string, { value: unknown }>;
      for (const entry of Object.values(settings)) expect(typeof entry.value).toBe('string');
      expect(settings.minimal_order_price?.value).toBe('10'); // a setting in currency units (§3), unchanged

      const amount = (await call('GET', 'accumulated-order-amount-setting-place')) as Json;
      expect(amount).toEqual({ setting: { accumulatedUserAmount: 0 } });

      const ingredients = (await call('GET', 'ingredients')) as Json[];
      const bread = ingredients.find((i) => i.id === f.soup.bread)!;
      const breadRow = await ctx.db
        .selectFrom('ingredients')
        .select('price')
        .where('id', '=', f.soup.bread)
        .executeTakeFirstOrThrow();
      expect(bread.price).toBe(Number(breadRow.price) / 100);

      const products = (await call('GET', 'products?active=1')) as Json[];
      const salad = products.find((p) => p.id === f.salad.id)!;
      for (const field of ['id', 'name', 'slug', 'product_variants', 'catHierarchyIds', 'discount_money'])
        expect(salad, field).toHaveProperty(field);
      const variant = (salad.product_variants as Json[]).find((v) => v.id === f.salad.variant)!;
      expect(variant).toMatchObject({ price: 8, additional_price: 0 }); // 800 minor units in the database

      const categories = (await call(
        'GET',
        'categoriesWithSubcategories?active=1&subcatRequired=1&productRequired=1&productActive=1',
      )) as Json[];
      expect(Array.isArray(categories)).toBe(true);
      const hierarchy = (await call('GET', 'categoriesHierarchy?active=1')) as Json[];
      expect(hierarchy[0]).toHaveProperty('children');
      await call('GET', `subcategories/${String(hierarchy[0]!.id)}`);
      const languages = (await call('GET', 'languages')) as Json[];
      for (const l of languages) expect(l).toHaveProperty('code');
      expect(await call('GET', 'check-registered-user-discount')).toBeNull();

      // The place (designed, beside §7): order-type tiers and delivery zones are amounts too.
      const place = (await call('GET', 'place')) as { ordertypes: Json[]; regions: Json[] };
      const region = place.regions.find((r) => r.id === f.regionId)!;
      const regionRow = await ctx.db
        .selectFrom('regions')
        .select(['delivery_price'])
        .where('id', '=', f.regionId)
        .executeTakeFirstOrThrow();
      expect(region.delivery_price).toBe(Number(regionRow.delivery_price) / 100);
    });

    ctx.test('the table calls and the spot order: the order response and the session orders', async () => {
      const f = fx();
      await call('GET', 'tablesMenu');
      const session = (await call('POST', 'tables/verify_token', {
        token: 'ordt-t1',
        placeSlug: 'bistro',
      })) as Json;
      expect(session).toEqual(
        expect.objectContaining({ session: expect.any(String), token: expect.any(String) }),
      );
      await call('POST', 'tables/verify_session', {
        token: 'ordt-t1',
        session: session.session,
        placeSlug: 'bistro',
      });
      const order = (await call('POST', 'orders', {
        session: session.session,
        products: [cartLine(f.salad.id, f.salad.variant, 1)],
        order_comment: [],
      })) as Json;
      expectOrderResponse(order);
      const mine = (await call(
        'GET',
        `orders/by_table_session/${String(session.token)}?timestamp=${Date.now()}`,
      )) as { orders: Json[] };
      expect(mine.orders[0]).toMatchObject({ key: order.key });
      const line = (mine.orders[0]!.lines as Json[])[0]!;
      for (const field of ['unit_price', 'line_total', 'quantity', 'name'])
        expect(line).toHaveProperty(field);
      // Amounts in the venue currency: the database's minor units / 100 (the salad's variant is 800 → 8).
      const stored = await ctx.db
        .selectFrom('orders')
        .select(['total'])
        .where('key', '=', order.key as string)
        .executeTakeFirstOrThrow();
      expect(order.totalPrice).toBe(Number(stored.total) / 100);
      expect(mine.orders[0]!.total).toBe(Number(stored.total) / 100);
      expect(line).toMatchObject({ unit_price: 8, line_total: Number(stored.total) / 100, quantity: 1 });
      await call('PUT', `orders/by_table_session/${String(session.token)}/bill_wanted`, {
        status: 1,
        paymentMethod: 'cash',
        placeId: f.bistro,
      });
    });

    ctx.test('delivery, preorder, room and served-on-spot orders answer the §3 order response', async () => {
      const f = fx();
      const delivery = (await call(
        'POST',
        `orders/delivery?t=${Date.now()}`,
        deliveryBody([cartLine(f.salad.id, f.salad.variant, 2)]),
      )) as Json;
      expectOrderResponse(delivery);

      const preorderFields = {
        ...guest,
        products: [cartLine(f.salad.id, f.salad.variant, 1)],
        token: null,
        order_comment: null,
        pickup_time: '',
        promo_code: null,
        order_text_comment: '',
        subscribe_for_lunch_menu: 0,
        free_product: null,
        pickupPlaceId: null,
        accumulatedOrderAmountUsed: 0,
      };
      expectOrderResponse(await call('POST', 'orders/preorder', { ...preorderFields, count_cutlery: 0 }));
      expectOrderResponse(
        await call('POST', 'orders/served-on-spot', { ...preorderFields, client_address: 'маса 4' }),
      );
      const room = (await call(
        'POST',
        'tables/verify_token',
        { token: 'ordt-r101', placeSlug: 'hotel' },
        {
          place: 'hotel',
        },
      )) as Json;
      const roomOrder = (await call(
        'POST',
        'orders/room',
        {
          ...guest,
          products: [cartLine(f.club.id, f.club.variant, 1)],
          token: room.session,
          order_comment: null,
          pickup_time: '',
          exact_time_selected: 0,
          room_number: '101',
          payment_method: 'cash',
          cutlery: 0,
          promo_code: null,
          additional_order_type: null,
          order_text_comment: '',
          accumulatedOrderAmountUsed: 0,
        },
        { place: 'hotel' },
      )) as Json;
      expectOrderResponse(roomOrder);
    });

    ctx.test(
      'orders: the total in the venue currency; the accumulated amount used read as currency, half-up',
      async () => {
        const f = fx();
        const delivery = (await call(
          'POST',
          `orders/delivery?t=${Date.now()}`,
          deliveryBody([cartLine(f.salad.id, f.salad.variant, 2)]),
        )) as Json;
        const row = await ctx.db
          .selectFrom('orders')
          .select(['total', 'delivery_fee'])
          .where('key', '=', delivery.key as string)
          .executeTakeFirstOrThrow();
        expect(delivery.totalPrice).toBe(Number(row.total) / 100);
        expect(Number(row.total)).toBeGreaterThan(1600); // 2 × 8.00 and the delivery: minor units inside

        // A registered user with 5.00 accumulated spends "1.005" (a string, 3 places): 1.01 is used, not 1.005 × 1
        // minor unit nor 100.5.
        await ctx.db
          .updateTable('users')
          .set({ accumulated_amount: 500 })
          .where('id', '=', f.userId)
          .execute();
        const client = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('slug', '=', CLIENT)
          .executeTakeFirstOrThrow();
        const { token } = await ctx.app.auth.tokens.sign({
          userId: f.userId,
          role: 'USER',
          clientId: client.id,
          pwv: passwordVersion('x'),
        });
        const auth = { headers: { authorization: `Bearer ${token}` } };
        const spend = (await call(
          'POST',
          `orders/delivery?t=${Date.now()}`,
          deliveryBody([cartLine(f.salad.id, f.salad.variant, 3)], { accumulatedOrderAmountUsed: '1.005' }),
          auth,
        )) as Json;
        const spent = await ctx.db
          .selectFrom('orders')
          .select(['accumulated_amount_used', 'total'])
          .where('key', '=', spend.key as string)
          .executeTakeFirstOrThrow();
        expect(Number(spent.accumulated_amount_used)).toBe(101);
        expect(spend.totalPrice).toBe(Number(spent.total) / 100);
        // Garbage is a 400, never a guess.
        const bad = await ctx.request('POST', `/api/orders/delivery?t=${Date.now()}`, {
          client: CLIENT,
          place: 'bistro',
          headers: auth.headers,
          body: deliveryBody([cartLine(f.salad.id, f.salad.variant, 4)], {
            accumulatedOrderAmountUsed: '1,50',
          }),
        });
        expect(bad.statusCode, bad.body).toBe(400);
      },
    );

    ctx.test('the table party: cart, bill and a custom share in the venue currency', async () => {
      const f = fx();
      const scan = (await call('POST', 'tables/verify_token', {
        token: 'ordt-t3',
        placeSlug: 'bistro',
      })) as Json;
      const base = `tables/sessions/${encodeURIComponent(scan.session as string)}`;
      const joined = (await call('POST', `${base}/guests`, { name: 'Анна' })) as { guest: Json };
      const guestKey = joined.guest.guest_key as string;
      const empty = (await call('GET', `${base}/cart?guest_key=${encodeURIComponent(guestKey)}`)) as Json;
      const cart = (await call('POST', `${base}/cart/lines`, {
        guest_key: guestKey,
        version: empty.version,
        product_id: f.salad.id,
        product_variant_id: f.salad.variant,
        quantity: 2,
      })) as { version: number; lines: Json[] };
      expect(cart.lines[0]).toMatchObject({ price: 8, quantity: 2 });
      const sent = (await call('POST', `${base}/cart/send`, {
        guest_key: guestKey,
        version: cart.version,
      })) as {
        order: Json;
      };
      const bill = (await call('GET', `${base}/bill`)) as Json;
      const row = await ctx.db
        .selectFrom('orders')
        .select(['total'])
        .where('key', '=', sent.order.key as string)
        .executeTakeFirstOrThrow();
      expect(sent.order.totalPrice).toBe(Number(row.total) / 100);
      expect(bill).toMatchObject({
        total: Number(row.total) / 100,
        remaining: Number(row.total) / 100,
        paid: 0,
      });
      // A custom share of "2.005" (a string, 3 places) and a 0.50 tip: 2.01 and 0.50, stored as 201 and 50.
      const taken = (await call('POST', `${base}/bill/shares`, {
        guest_key: guestKey,
        mode: 'custom',
        amount: '2.005',
        tip: { kind: 'amount', amount: 0.5 },
        method: 'cash',
        expected_remaining: bill.remaining,
      })) as { share: Json; bill: Json };
      expect(taken.share).toMatchObject({ amount: 2.01, tip: 0.5 });
      expect(taken.bill.remaining).toBe((Number(row.total) - 201) / 100);
      const share = await ctx.db
        .selectFrom('bill_shares')
        .select(['amount', 'tip'])
        .where('id', '=', taken.share.id as number)
        .executeTakeFirstOrThrow();
      expect([Number(share.amount), Number(share.tip)]).toEqual([201, 50]);
    });

    ctx.test(
      'users and payments: the accumulated amount, the order list and the charged amount in the venue currency',
      async () => {
        const f = fx();
        // Login (§7): the user's accumulated amount, 1234 minor units in the database, is 12.34.
        const demoClient = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('slug', '=', 'demo')
          .executeTakeFirstOrThrow();
        await ctx.db
          .updateTable('users')
          .set({ accumulated_amount: 1234 })
          .where('client_id', '=', demoClient.id)
          .where('email', '=', 'guest@demo.test')
          .execute();
        const login = (await call(
          'POST',
          'login',
          { email: 'guest@demo.test', password: 'demo-guest' },
          { client: 'demo', headers: { 'x-forwarded-for': `10.25.2.${ctx.dialect === 'sqlite' ? 1 : 2}` } },
        )) as { token: string; user: Json };
        expect(login.user).toMatchObject({ accumulated_amount: 12.34 });
        expect(typeof login.user.points).toBe('number'); // points are a count, not money

        // The user's orders and the payment status of one: totals and lines are database / 100.
        const client = await ctx.db
          .selectFrom('clients')
          .select('id')
          .where('slug', '=', CLIENT)
          .executeTakeFirstOrThrow();
        const { token } = await ctx.app.auth.tokens.sign({
          userId: f.userId,
          role: 'USER',
          clientId: client.id,
          pwv: passwordVersion('x'),
        });
        const auth = { headers: { authorization: `Bearer ${token}` } };
        const placed = (await call(
          'POST',
          `orders/delivery?t=${Date.now()}`,
          deliveryBody([cartLine(f.salad.id, f.salad.variant, 5)]),
          auth,
        )) as Json;
        const row = await ctx.db
          .selectFrom('orders')
          .select(['total'])
          .where('key', '=', placed.key as string)
          .executeTakeFirstOrThrow();
        const mine = (await call('GET', 'users/orders', undefined, auth)) as Json[];
        const listed = mine.find((o) => o.key === placed.key)!;
        expect(listed.total).toBe(Number(row.total) / 100);
        expect((listed.products as Json[])[0]).toMatchObject({ quantity: 5 });
        const status = (await call('POST', 'epay/checkPaymentStatus', { orderKey: placed.key }, auth)) as {
          payload: Json;
        };
        expect(status.payload.amount).toBe(Number(row.total) / 100);
      },
    );

    ctx.test('promo check: a money discount in the venue currency, a percent as it is', async () => {
      const f = fx();
      await ctx.db
        .insertInto('promo_codes')
        .values({
          place_id: f.bistro,
          code: `MINUS250-${ctx.dialect}`,
          discount_type: 'money',
          discount_value: 250, // minor units in the database: 2.50
          ignore_other_discounts: 0,
          valid_from: null,
          valid_to: null,
          max_uses: null,
          used_count: 0,
          eligible_product_ids: 'null',
          active: 1,
        })
        .execute();
      const products = [{ product_id: f.salad.id, price: 8, quantity: 1 }];
      // The Promo result of §3: found, ignore_other_discounts, discount_type, discount_value.
      expect(await call('POST', 'promo-codes/check', { code: `MINUS250-${ctx.dialect}`, products })).toEqual(
        expect.objectContaining({ found: true, discount_type: 'money', discount_value: 2.5 }),
      );
      expect(await call('POST', 'promo-codes/check', { code: 'WELCOME10', products })).toEqual(
        expect.objectContaining({ found: true, discount_type: 'percent', discount_value: 10 }),
      );
    });

    ctx.test(
      'bookings: the deposit in the venue currency (booking_deposit "20" is 20, not 2000)',
      async () => {
        const placeId = await ctx.placeId('bistro');
        await setSetting(ctx.db, placeId, 'booking_online_payment', '1');
        await setSetting(ctx.db, placeId, 'booking_deposit', '20');
        try {
          const demo = { client: 'demo', headers: { 'x-forwarded-for': '10.25.1.1' } };
          const halls = (await call('GET', 'bookings/halls', undefined, demo)) as Json;
          expect(halls).toMatchObject({ online_payment: true, deposit: 20 });
          const booking = (await call(
            'POST',
            'bookings',
            {
              date: '2026-12-08',
              time: '19:00',
              people: 2,
              name: 'Мария Иванова',
              phone: `+359 88 25${ctx.dialect === 'sqlite' ? '11' : '22'}111`,
              email: `spec-${ctx.dialect}@example.com`,
              comment: null,
              terms_accepted: true,
            },
            demo,
          )) as Json;
          expect(booking).toMatchObject({ status: 'pending_payment', payment: { amount: 20 } });
        } finally {
          await setSetting(ctx.db, placeId, 'booking_online_payment', '0');
          await setSetting(ctx.db, placeId, 'booking_deposit', '0');
        }
      },
    );

    ctx.test('the landing and log calls answer JSON', async () => {
      await call('GET', 'getCitiesForMap', undefined, { place: undefined });
      await call('GET', 'getTagsForMap');
      await call('POST', 'getPlacesForMap', { cityId: null, tagIds: [] });
      await call('POST', 'places/gallery', {});
      await call('POST', 'logs/user_action', {
        page: 'menu',
        action_type: 'open',
        categoryId: null,
        productId: null,
      });
      await call('POST', 'logs/make-system-log', { action: 'test', data: { a: 1 } });
      await call('POST', 'logs/spent_time_on_page', {
        startTime: Date.now() - 5000,
        endTime: Date.now(),
        catHierarchyId: null,
        productId: null,
        page: 'menu',
      });
      expect(await call('POST', 'users/validate', {})).toBe(false);
    });
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seedOrderFixture(db));
    },
  },
);
