/**
 * The cart and the form of an order (order-cart.ts, order-form.ts) through the real routes on SQLite and PostgreSQL,
 * what the guest is told beside the codes orders.routes.test.ts checks:
 * - a refused line is named (ids, variant ids, product names), an unknown product without a name;
 * - an ingredient is taken only as what it is linked as, on its own product;
 * - lines lacking their required choice are all named in the guest's text;
 * - a product in several categories is orderable when one of them is shown (a delivery hiding one of them), and its
 *   line is stored under its primary category (else its only one);
 * - the add-on limits name the line; a too long line comment, a missing cutlery choice, a typed room number that is
 *   not one of the hotel's rooms are answered on their fields; a room session's room wins over a typed number.
 */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertCategory, insertProduct, setSetting } from '../../../test/fixtures.ts';
import type { DialectName } from '../../db/database.ts';
import {
  PIN_IN_SHAPE,
  GUEST_CONTACT,
  cartLine,
  guestOrderCalls,
  insertInn,
  ownMinuteEachTest,
  seedOrderFixture,
  variantOf,
  type OrderFixture,
} from './orders.fixtures.ts';

interface CartFixture extends OrderFixture {
  /** A second product with the bread as its required choice. */
  stew: { id: number; variant: number };
  /** In mains and in sides, sides its primary category. */
  duo: { id: number; variant: number };
  /** Only in sides, not marked primary there. */
  solo: { id: number; variant: number };
  /** In mains and in a category hidden from delivery. */
  wrap: { id: number; variant: number };
  mains: number;
  sides: number;
  /** Room service only, a hotel (is_hotel) with room 7. */
  inn: number;
  tea: { id: number; variant: number };
}

const fixtures = new Map<DialectName, CartFixture>();

describeEachDatabase(
  'the cart and the form of an order',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);

    const spot = async (products: unknown[], order_comment: unknown = []) =>
      post('/api/orders', { session: await openSession('ordt-t1'), products, order_comment });
    const { openSession, pickup, stored, post } = guestOrderCalls(ctx);
    const orderCount = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const line = (p: { id: number; variant: number }, quantity = 1) => cartLine(p.id, p.variant, quantity);

    ctx.test('lines of products not on sale are named; a product unknown here has no name', async () => {
      const f = fx();
      const before = await orderCount();
      const res = await spot([line(f.salad), line(f.soldOut), cartLine(987_654, 987_654)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'inactiveProductsIds',
        ids: [f.soldOut.id, 987_654],
        variant_ids: [f.soldOut.variant, 987_654],
        names: ['Изчерпано'],
      });
      expect(await orderCount()).toBe(before);
    });

    ctx.test(
      "an ingredient is taken only as what it is linked as, on its own product: another product's add-on, a removable one chosen as an add-on",
      async () => {
        const f = fx();
        const soup = (addable: number[]) =>
          cartLine(f.soup.id, f.soup.variant, 1, { required: f.soup.bread, addable });
        for (const [addable, bad] of [
          [[f.picky.a], f.picky.a],
          [[f.soup.onion], f.soup.onion],
        ] as const) {
          // The picky product is in the cart with its own add-on A, which is not the soup's.
          const picky = cartLine(f.picky.id, f.picky.variant, 1, { addable: [f.picky.a] });
          const res = await spot([picky, soup([...addable])]);
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toEqual(
            expect.objectContaining({
              message: 'inactiveProductIngredientsIds',
              ids: [f.soup.id],
              variant_ids: [f.soup.variant],
              ingredient_ids: [bad],
              names: ['Супа'],
            }),
          );
        }
      },
    );

    ctx.test('lines lacking their required choice are all named in the text', async () => {
      const f = fx();
      const res = await spot([line(f.soup), line(f.stew)]);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({
        code: 'inactiveProductIngredientsIds',
        message: 'inactiveProductIngredientsIds',
        ids: [f.soup.id, f.stew.id],
        names: ['Супа', 'Яхния'],
      });
      expect(body.message_trans).toContain('Супа, Яхния');
    });

    ctx.test('the add-on limit refusal names the line', async () => {
      const f = fx();
      const res = await spot([line(f.salad), line(f.picky)]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'min_count_addable_ingredients_reached',
        ids: [f.picky.id],
        variant_ids: [f.picky.variant],
      });
    });

    ctx.test(
      'a product in a category hidden from delivery and in a shown one is delivered; its line stored under its primary category',
      async () => {
        const f = fx();
        const res = await post('/api/orders/delivery', {
          ...GUEST_CONTACT,
          products: [line(f.wrap), line(f.duo), line(f.solo)],
          token: null,
          client_address: 'ул. Шипка',
          street_number: '12',
          floor_number: '3',
          ap_number: '7',
          bell_number: 'Иванова',
          entrance_number: 'А',
          delivery_time: '',
          delivery_address_lat: PIN_IN_SHAPE.lat,
          delivery_address_lng: PIN_IN_SHAPE.lng,
        });
        expect(res.statusCode, res.body).toBe(201);
        const order = await stored(res.json().key);
        const lines = await ctx.db
          .selectFrom('order_lines')
          .select(['product_id', 'category_id'])
          .where('order_id', '=', order.id)
          .orderBy('id')
          .execute();
        expect(lines).toEqual([
          { product_id: f.wrap.id, category_id: f.mains },
          { product_id: f.duo.id, category_id: f.sides },
          { product_id: f.solo.id, category_id: f.sides },
        ]);
      },
    );

    ctx.test(
      'a line comment over 500 characters → comment_too_long on order_comment, nothing stored',
      async () => {
        const f = fx();
        const before = await orderCount();
        const res = await spot([line(f.salad)], [{ variantId: f.salad.variant, comment: 'я'.repeat(501) }]);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'order_comment', code: 'comment_too_long' }]);
        expect(await orderCount()).toBe(before);
      },
    );

    ctx.test(
      'where the venue offers cutlery on pickup, the guest must choose: cutlery_required',
      async () => {
        const f = fx();
        await setSetting(ctx.db, f.bistro, 'cutlery_option_preorder', '1');
        try {
          const res = await pickup([line(f.salad, 2)], { cutlery: null });
          expect(res.statusCode).toBe(400);
          expect(res.json().errors).toEqual([{ field: 'cutlery', code: 'cutlery_required' }]);
        } finally {
          await setSetting(ctx.db, f.bistro, 'cutlery_option_preorder', '0');
        }
      },
    );

    ctx.test(
      "a hotel's room order: a typed number must be one of its rooms; with the room's session the session's room is stored",
      async () => {
        const f = fx();
        const body = { ...GUEST_CONTACT, products: [line(f.tea)], pickup_time: '' };
        const typed = await post('/api/orders/room', { ...body, token: null, room_number: '999' }, 'inn');
        expect(typed.statusCode).toBe(400);
        expect(typed.json().errors).toEqual([{ field: 'room_number', code: 'room_number_required' }]);
        const own = await post('/api/orders/room', { ...body, token: null, room_number: '7' }, 'inn');
        expect(own.statusCode, own.body).toBe(201);

        const session = await openSession('ordt-inn-r7', 'inn');
        const res = await post(
          '/api/orders/room',
          { ...body, products: [line(f.tea, 2)], token: session, room_number: '999' },
          'inn',
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(await stored(res.json().key)).toMatchObject({ type: 6, room_number: '7' });
      },
    );
  },
  {
    setup: async (db, dialect) => {
      const f = await seedOrderFixture(db);
      const mains = await db
        .selectFrom('categories')
        .select('id')
        .where('place_id', '=', f.bistro)
        .where('slug', '=', 'mains')
        .executeTakeFirstOrThrow();
      const sides = await insertCategory(db, f.bistro, { slug: 'sides', name: 'Гарнитури' });
      const noDelivery = await insertCategory(db, f.bistro, {
        slug: 'terrace',
        name: 'Тераса',
        hide_cat_only_for_delivery_orders: 1,
      });
      const product = async (slug: string, name: string, categoryIds: number[]) => {
        const id = await insertProduct(db, f.bistro, { slug, name }, { categoryIds, price: 1200 });
        return { id, variant: await variantOf(db, id) };
      };
      const stew = await product('stew', 'Яхния', [mains.id]);
      await db
        .insertInto('product_ingredients')
        .values({ product_id: stew.id, ingredient_id: f.soup.bread, type: 'required', position: 0 })
        .execute();
      const duo = await product('duo', 'Двойка', [mains.id, sides]);
      await db
        .updateTable('product_categories')
        .set((eb) => ({ is_primary: eb.case().when('category_id', '=', sides).then(1).else(0).end() }))
        .where('product_id', '=', duo.id)
        .execute();
      const solo = await product('solo', 'Соло', [sides]);
      await db
        .updateTable('product_categories')
        .set({ is_primary: 0 })
        .where('product_id', '=', solo.id)
        .execute();
      const wrap = await product('wrap', 'Дюнер', [mains.id, noDelivery]);

      const { inn, tea } = await insertInn(db, [6], [['7', 'ordt-inn-r7', 'room']], { hotel: true });
      fixtures.set(dialect, {
        ...f,
        stew,
        duo,
        solo,
        wrap,
        mains: mains.id,
        sides,
        inn,
        tea,
      });
    },
  },
);
