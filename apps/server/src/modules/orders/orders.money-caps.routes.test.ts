/**
 * Issue 23 #11 (money overflow) through the real app on SQLite and PostgreSQL. The probe's orders: on PostgreSQL a
 * table order whose total passed 2^31 minor units answered 500 (int4 overflow); on SQLite a €1.14 M table order was
 * accepted. Now both are refused with 400 `order_amount_too_large` (caps of packages/domain money.ts, nothing
 * stored), orders up to the caps go through, and the money columns hold 64-bit values (bigint on PostgreSQL, read
 * back as safe JavaScript numbers).
 */
import { expect } from 'vitest';
import { sql } from 'kysely';
import { MAX_ORDER_AMOUNT, MAX_ORDER_LINE_AMOUNT } from '@trapeza/domain/money';
import { DESIGNED_ORDER_ERROR_MESSAGES } from '@trapeza/domain/errors';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import { insertCategory, insertProduct } from '../../../test/fixtures.ts';
import type { AppDatabase, DialectName } from '../../db/database.ts';
import { CLIENT, cartLine, seedOrderFixture, ownMinuteEachTest } from './orders.fixtures.ts';

interface Priced {
  id: number;
  variant: number;
}
interface CapsFixture {
  /** 200 products at €107.50: 200 lines × 999 = 2 147 742 500 minor units, past 2^31. */
  bulk: Priced[];
  /** Exactly the line cap (€10 000.00). */
  atLineCap: Priced[];
  /** One minor unit over it. */
  overLineCap: Priced;
  cent: Priced;
}
const fixtures = new Map<DialectName, CapsFixture>();

async function priced(db: AppDatabase, place: number, category: number, slug: string, price: number) {
  const id = await insertProduct(db, place, { slug, name: slug }, { categoryIds: [category], price });
  const v = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, variant: v.id };
}

async function seed(db: AppDatabase, dialect: DialectName): Promise<void> {
  await seedOrderFixture(db);
  const place = await db
    .selectFrom('places')
    .innerJoin('clients', 'clients.id', 'places.client_id')
    .select('places.id')
    .where('clients.slug', '=', CLIENT)
    .where('places.slug', '=', 'bistro')
    .executeTakeFirstOrThrow();
  const cat = await insertCategory(db, place.id, { slug: 'caps', name: 'Caps' });
  const bulk: Priced[] = [];
  for (let i = 0; i < 200; i++) bulk.push(await priced(db, place.id, cat, `bulk-${i}`, 10_750));
  const atLineCap: Priced[] = [];
  for (let i = 0; i < 5; i++)
    atLineCap.push(await priced(db, place.id, cat, `cap-${i}`, MAX_ORDER_LINE_AMOUNT));
  fixtures.set(dialect, {
    bulk,
    atLineCap,
    overLineCap: await priced(db, place.id, cat, 'over-cap', MAX_ORDER_LINE_AMOUNT + 1),
    cent: await priced(db, place.id, cat, 'cent', 1),
  });
}

describeEachDatabase(
  'order amount caps and 64-bit money (issue 23 #11)',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;
    ownMinuteEachTest(ctx);
    const post = (url: string, body: unknown) => ctx.post(url, body, { client: CLIENT, place: 'bistro' });
    let table = 0;
    async function session(): Promise<string> {
      table = (table % 3) + 1;
      const res = await post('/api/tables/verify_token', { token: `ordt-t${table}`, placeSlug: 'bistro' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().session as string;
    }
    const spot = async (lines: unknown[]) =>
      post('/api/orders', { session: await session(), products: lines });
    const count = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const expectRefused = async (res: Awaited<ReturnType<typeof spot>>, before: number) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'order_amount_too_large',
        message: 'order_amount_too_large',
        message_trans: DESIGNED_ORDER_ERROR_MESSAGES.order_amount_too_large.bg,
      });
      expect(await count()).toBe(before);
    };

    ctx.test(
      "the probe's order past 2^31 (500 on PostgreSQL, stored on SQLite) is a 400, nothing stored",
      async () => {
        const before = await count();
        const lines = fx().bulk.map((p) => cartLine(p.id, p.variant, 999));
        await expectRefused(await spot(lines), before);
        // The same in English.
        const en = await ctx.post(
          '/api/orders',
          { session: await session(), products: lines },
          { client: CLIENT, place: 'bistro', headers: { lang: 'en' } },
        );
        expect(en.json().message_trans).toBe(DESIGNED_ORDER_ERROR_MESSAGES.order_amount_too_large.en);
      },
    );

    ctx.test('a line over 10 000.00 is refused; exactly 10 000.00 goes through', async () => {
      const before = await count();
      await expectRefused(await spot([cartLine(fx().overLineCap.id, fx().overLineCap.variant, 1)]), before);
      const cheap = fx().cent;
      // 10 000.00 as 1 000 000 × 0.01: the cap is on the line, not the unit price.
      await expectRefused(
        await spot([
          cartLine(cheap.id, cheap.variant, 999),
          cartLine(fx().overLineCap.id, fx().overLineCap.variant, 1),
        ]),
        before,
      );
      const ok = await spot([cartLine(fx().atLineCap[0]!.id, fx().atLineCap[0]!.variant, 1)]);
      expect(ok.statusCode, ok.body).toBe(201);
    });

    ctx.test('an order over 50 000.00 is refused; exactly 50 000.00 is stored with its amounts', async () => {
      const five = fx().atLineCap.map((p) => cartLine(p.id, p.variant, 1));
      const before = await count();
      await expectRefused(await spot([...five, cartLine(fx().cent.id, fx().cent.variant, 1)]), before);
      const ok = await spot(five);
      expect(ok.statusCode, ok.body).toBe(201);
      const row = await ctx.db
        .selectFrom('orders')
        .select(['id', 'subtotal', 'total'])
        .where('key', '=', ok.json().key)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ subtotal: MAX_ORDER_AMOUNT, total: MAX_ORDER_AMOUNT });
    });

    ctx.test('money columns hold amounts past 2^31 and read back as exact numbers', async () => {
      const ok = await spot([cartLine(fx().cent.id, fx().cent.variant, 1)]);
      expect(ok.statusCode, ok.body).toBe(201);
      const big = 3_000_000_000; // > 2^31: an int4 column refuses it ("integer out of range")
      await ctx.db
        .updateTable('orders')
        .set({ total: big, subtotal: big })
        .where('key', '=', ok.json().key)
        .execute();
      await ctx.db
        .updateTable('product_variants')
        .set({ price: big })
        .where('id', '=', fx().cent.variant)
        .execute();
      const row = await ctx.db
        .selectFrom('orders')
        .select(['total', 'subtotal'])
        .where('key', '=', ok.json().key)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ total: big, subtotal: big }); // numbers, not pg's int8 strings
      const v = await ctx.db
        .selectFrom('product_variants')
        .select('price')
        .where('id', '=', fx().cent.variant)
        .executeTakeFirstOrThrow();
      expect(v.price).toBe(big);
      // Re-priced from the database, the 30 000 000.00 product is refused, not overflowing.
      const before = await count();
      await expectRefused(await spot([cartLine(fx().cent.id, fx().cent.variant, 1)]), before);
      await ctx.db
        .updateTable('product_variants')
        .set({ price: 1 })
        .where('id', '=', fx().cent.variant)
        .execute();
      if (ctx.dialect === 'postgres') {
        // Beyond 2^53 a read fails loudly instead of losing precision.
        await expect(sql`select 9007199254740993::bigint as n`.execute(ctx.db)).rejects.toThrow(
          /safe integers/,
        );
        const safe = await sql<{ n: number }>`select 9007199254740991::bigint as n`.execute(ctx.db);
        expect(safe.rows[0]!.n).toBe(Number.MAX_SAFE_INTEGER);
      }
    });
  },
  { setup: seed },
);
