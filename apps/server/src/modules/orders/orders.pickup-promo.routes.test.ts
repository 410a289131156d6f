/**
 * The pickup venue picker and the promo preview through the real app on SQLite and PostgreSQL: GET pickup-places
 * (the client's places offering pickup), the preorder's pickupPlaceId checked against them, and POST
 * promo-codes/check answering spec §3's Promo result (the order call re-checks and re-prices).
 */
import { expect } from 'vitest';
import { calculateOrderTotal } from '@trapeza/domain/pricing/order-total';
import { parseSettings } from '@trapeza/domain/settings';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertClient, insertPlace } from '../../../test/fixtures.ts';
import type { AppDatabase, DialectName } from '../../db/database.ts';
import {
  CLIENT,
  cartLine,
  ownMinuteEachTest,
  seedOrderFixture,
  type OrderFixture,
} from './orders.fixtures.ts';

interface Fixture extends OrderFixture {
  deli: number;
  otherClientPickup: number;
}
const fixtures = new Map<DialectName, Fixture>();

async function seed(db: AppDatabase): Promise<Fixture> {
  const f = await seedOrderFixture(db);
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('slug', '=', CLIENT)
    .executeTakeFirstOrThrow();
  // A second pickup venue of the client, an inactive one, and another client's.
  const deli = await insertPlace(db, client.id, 'deli', { name: 'Деликатеси', orderTypes: [3] });
  const closed = await insertPlace(db, client.id, 'closed', { name: 'Затворено', orderTypes: [3] });
  await db.updateTable('places').set({ active: 0 }).where('id', '=', closed).execute();
  const other = await insertClient(db, 'ordt-other');
  const otherClientPickup = await insertPlace(db, other, 'elsewhere', { orderTypes: [3] });
  // The soup takes no promo discount.
  await db
    .updateTable('products')
    .set({ disable_promocode_discount: 1 })
    .where('id', '=', f.soup.id)
    .execute();
  return { ...f, deli, otherClientPickup };
}

describeEachDatabase(
  'orders: pickup places and promo preview',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    const minute = ownMinuteEachTest(ctx);
    const send = (method: 'GET' | 'POST', url: string, body?: unknown, place = 'bistro') =>
      ctx.request(method, url, { client: CLIENT, place, body });
    const preorder = (extra: Record<string, unknown>) =>
      send('POST', '/api/orders/preorder', {
        client_name: 'Мария Иванова',
        client_phone: '+359 888 123 456',
        payment_method: 'cash',
        exact_time_selected: 0,
        cutlery: 0,
        products: [cartLine(fx().salad.id, fx().salad.variant, 1 + minute())],
        token: null,
        order_comment: null,
        pickup_time: '',
        promo_code: null,
        ...extra,
      });

    ctx.test(
      'GET pickup-places: the active places of the client offering pickup, from any of its places',
      async () => {
        const f = fx();
        const res = await send('GET', '/api/pickup-places');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([
          {
            id: f.bistro,
            slug: 'bistro',
            name: 'bistro',
            translations: { en: { name: 'bistro (en)' } },
            address: 'bistro street 1',
          },
          {
            id: f.deli,
            slug: 'deli',
            name: 'Деликатеси',
            translations: { en: { name: 'deli (en)' } },
            address: 'deli street 1',
          },
        ]);
        const fromHotel = await send('GET', '/api/pickup-places', undefined, 'hotel');
        expect(fromHotel.json().map((p: { id: number }) => p.id)).toEqual([f.bistro, f.deli]);
      },
    );

    ctx.test('§5 preorder: the pickup place is required among several, and must be one of them', async () => {
      const f = fx();
      const missing = await preorder({ pickupPlaceId: null });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ field: 'pickupPlaceId', code: 'pickup_place_required' }]);
      for (const bad of [f.hotel, f.otherClientPickup, 999_999]) {
        const res = await preorder({ pickupPlaceId: bad });
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'pickupPlaceId', code: 'pickup_place_required' }]);
      }
      const ok = await preorder({ pickupPlaceId: f.deli });
      expect(ok.statusCode).toBe(201);
      const row = await ctx.db
        .selectFrom('orders')
        .select(['type', 'pickup_place_id', 'place_id'])
        .where('key', '=', ok.json().key)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ type: 3, pickup_place_id: f.deli, place_id: f.bistro });
    });

    ctx.test('POST promo-codes/check: §3 Promo result with the eligible products of the cart', async () => {
      const f = fx();
      const res = await send('POST', '/api/promo-codes/check', {
        code: 'welcome10',
        products: [
          cartLine(f.salad.id, f.salad.variant),
          cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread }),
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        found: true,
        ignore_other_discounts: false,
        discount_type: 'percent',
        discount_value: 10,
        eligible_product_ids: [f.salad.id],
      });
      const noCart = await send('POST', '/api/promo-codes/check', { code: 'WELCOME10' });
      expect(noCart.json().eligible_product_ids).toBeNull();
    });

    ctx.test(
      "POST promo-codes/check: unknown, another place's, expired or used-up codes → found false",
      async () => {
        const f = fx();
        const notFound = {
          found: false,
          ignore_other_discounts: false,
          discount_type: 'percent',
          discount_value: 0,
          eligible_product_ids: null,
        };
        expect((await send('POST', '/api/promo-codes/check', { code: 'NOPE' })).json()).toEqual(notFound);
        expect((await send('POST', '/api/promo-codes/check', { code: 'WELCOME10' }, 'hotel')).json()).toEqual(
          notFound,
        );
        await ctx.db
          .updateTable('promo_codes')
          .set({ max_uses: 1, used_count: 1 })
          .where('id', '=', f.promoId)
          .execute();
        expect((await send('POST', '/api/promo-codes/check', { code: 'WELCOME10' })).json()).toEqual(
          notFound,
        );
        await ctx.db
          .updateTable('promo_codes')
          .set({ max_uses: null, used_count: 0, valid_to: '2026-01-01T00:00:00.000Z' })
          .where('id', '=', f.promoId)
          .execute();
        expect((await send('POST', '/api/promo-codes/check', { code: 'WELCOME10' })).json()).toEqual(
          notFound,
        );
        await ctx.db.updateTable('promo_codes').set({ valid_to: null }).where('id', '=', f.promoId).execute();
        const bad = await send('POST', '/api/promo-codes/check', { code: '' });
        expect(bad.statusCode).toBe(400);
      },
    );

    ctx.test(
      'the previewed promo gives the total the order call stores (the engine on both ends)',
      async () => {
        const f = fx();
        const lines = [
          cartLine(f.salad.id, f.salad.variant, 3),
          cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread }),
        ];
        const promo = (
          await send('POST', '/api/promo-codes/check', { code: 'WELCOME10', products: lines })
        ).json();
        const settings = parseSettings(
          Object.fromEntries(
            (
              await ctx.db
                .selectFrom('settings')
                .select(['key', 'value'])
                .where('place_id', '=', f.bistro)
                .execute()
            ).map((r) => [r.key, r.value]),
          ),
        );
        const prices: Record<number, number> = { [f.salad.id]: 800, [f.soup.id]: 500 };
        const expected = calculateOrderTotal({
          lines: lines.map((l) => ({
            ...l,
            price: prices[l.product_id]!,
            discount_percent: l.product_id === f.salad.id ? 10 : 0,
            disable_promocode_discount: promo.eligible_product_ids.includes(l.product_id) ? 0 : 1,
          })),
          orderType: 3,
          settings,
          orderTypeConfig: null,
          ingredientPrices: { [f.soup.bread]: 50 },
          promo,
          now: ctx.clock.now(),
        });
        expect(expected.discounts.promo).toBeGreaterThan(0);
        const order = await preorder({ products: lines, promo_code: 'WELCOME10', pickupPlaceId: f.bistro });
        expect(order.statusCode).toBe(201);
        // The guest API answers decimals of the venue currency (spec §7, issue 25 #1); the engine reckons in minor units.
        expect(order.json().totalPrice).toBe(expected.total / 100);
      },
    );

    ctx.test(
      'a money promo that ignores the other discounts: previewed and charged as such (2.00 off, no product discount)',
      async () => {
        const f = fx();
        await ctx.db
          .insertInto('promo_codes')
          .values({
            place_id: f.bistro,
            code: 'MINUS2',
            discount_type: 'money',
            discount_value: 200,
            ignore_other_discounts: 1,
            valid_from: null,
            valid_to: null,
            max_uses: null,
            used_count: 0,
            eligible_product_ids: 'null',
            active: 1,
          })
          .execute();
        const lines = [cartLine(f.salad.id, f.salad.variant, 3)];
        const preview = await send('POST', '/api/promo-codes/check', { code: 'minus2', products: lines });
        const promo = {
          found: true,
          ignore_other_discounts: true,
          discount_type: 'money',
          discount_value: 200,
        } as const;
        // A money value on the guest API is in decimals of the venue currency (issue 25 #1).
        expect(preview.json()).toEqual({ ...promo, discount_value: 2, eligible_product_ids: [f.salad.id] });

        const settings = parseSettings(
          Object.fromEntries(
            (
              await ctx.db
                .selectFrom('settings')
                .select(['key', 'value'])
                .where('place_id', '=', f.bistro)
                .execute()
            ).map((r) => [r.key, r.value]),
          ),
        );
        // The salad: 8.00 with its own 10 % product discount.
        const totalWith = (
          p:
            | typeof promo
            | {
                found: true;
                ignore_other_discounts: boolean;
                discount_type: 'money' | 'percent';
                discount_value: number;
              },
        ) =>
          calculateOrderTotal({
            lines: lines.map((l) => ({
              ...l,
              price: 800,
              discount_percent: 10,
              disable_promocode_discount: 0,
            })),
            orderType: 3,
            settings,
            orderTypeConfig: null,
            ingredientPrices: {},
            promo: p,
            now: ctx.clock.now(),
          }).total;
        const expected = totalWith(promo);
        // The engine tells these apart: the same code read as keeping the product discount, or as 200 %.
        expect(expected).not.toBe(totalWith({ ...promo, ignore_other_discounts: false }));
        expect(expected).not.toBe(totalWith({ ...promo, discount_type: 'percent' }));
        const order = await preorder({ products: lines, promo_code: 'MINUS2', pickupPlaceId: f.bistro });
        expect(order.statusCode, order.body).toBe(201);
        expect(order.json().totalPrice).toBe(expected / 100);
      },
    );
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seed(db));
    },
  },
);
