/**
 * The demo seed on a fresh SQLite database: the exact identifiers the README, e2e and API tests rely on
 * (issue 2, item 5), and the integrity of the content (translations, images, references).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_AVAILABLE, createTestState } from '../../../test/harness.ts';
import type { Database } from '../schema.ts';
import { DEMO_IMAGES_DIR, DEMO_IMAGES_URL, seedDemo } from './demo-seed.ts';

const OTHER_LANGS = ['en', 'es', 'de', 'fr-CH'];

let db: Kysely<Database>;
let logLines: string[] = [];
let bistroId = 0;
let hotelId = 0;

async function settingsOf(placeId: number): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('place_id', '=', placeId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

function parse<T>(json: string): T {
  return JSON.parse(json) as T;
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  // A fresh, migrated, empty database per dialect (PostgreSQL when reachable), seeded by seedDemo's own transaction.
  describe.skipIf(dialect === 'postgres' && !POSTGRES_AVAILABLE)(`demo seed [${dialect}]`, () => {
    let cleanup: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const state = await createTestState(dialect, { seed: false });
      cleanup = state.cleanup;
      db = state.handle.db;
      logLines = [];
      await seedDemo(db, (line) => logLines.push(line));
      const places = await db.selectFrom('places').select(['id', 'slug']).execute();
      bistroId = places.find((p) => p.slug === 'bistro')?.id ?? 0;
      hotelId = places.find((p) => p.slug === 'hotel')?.id ?? 0;
    });
    afterAll(async () => {
      await cleanup?.();
    });

    describe('demo seed identifiers', () => {
      it('creates client demo with places bistro and hotel', async () => {
        const clients = await db.selectFrom('clients').selectAll().execute();
        expect(clients.map((c) => c.slug)).toEqual(['demo']);
        const places = await db.selectFrom('places').selectAll().orderBy('id').execute();
        expect(places.map((p) => p.slug)).toEqual(['bistro', 'hotel']);
        expect(places.every((p) => p.client_id === clients[0]?.id)).toBe(true);
        const bistro = places[0];
        expect(bistro?.name).toBe('Бистро Трапеза');
        expect(parse<Record<string, { name: string }>>(bistro?.translations ?? '{}').en?.name).toBe(
          'Trapeza Bistro',
        );
        expect(parse<string[]>(bistro?.functionality_modules ?? '[]')).toEqual([
          'payments',
          'booking',
          'promotions',
          'feedback',
          'gallery',
          'loyalty',
        ]);
      });

      it('gives bistro tables 1–12 with tokens demo-t1 … demo-t12', async () => {
        const tables = await db
          .selectFrom('tables')
          .selectAll()
          .where('place_id', '=', bistroId)
          .orderBy('id')
          .execute();
        expect(tables.map((t) => t.token)).toEqual(Array.from({ length: 12 }, (_, i) => `demo-t${i + 1}`));
        expect(tables.map((t) => t.number)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
        expect(tables.every((t) => t.kind === 'table' && t.seats > 0 && t.hall_id !== null)).toBe(true);
      });

      it('gives hotel rooms 101–120 with tokens demo-r101 … demo-r120', async () => {
        const rooms = await db
          .selectFrom('tables')
          .selectAll()
          .where('place_id', '=', hotelId)
          .orderBy('id')
          .execute();
        expect(rooms.map((t) => t.token)).toEqual(Array.from({ length: 20 }, (_, i) => `demo-r${101 + i}`));
        expect(rooms.map((t) => t.number)).toEqual(Array.from({ length: 20 }, (_, i) => String(101 + i)));
        expect(rooms.every((t) => t.kind === 'room')).toBe(true);
      });

      it('creates the three accounts with argon2id hashes of their passwords', async () => {
        const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
        const expected = [
          ['admin@demo.test', 'demo-admin', 'CLIENT_ADMIN'],
          ['waiter@demo.test', 'demo-waiter', 'WAITER'],
          ['guest@demo.test', 'demo-guest', 'USER'],
        ] as const;
        expect(users.map((u) => [u.email, u.role])).toEqual(expected.map(([email, , role]) => [email, role]));
        for (const [email, password] of expected) {
          const user = users.find((u) => u.email === email);
          expect(user?.password_hash.startsWith('$argon2id$')).toBe(true);
          expect(await verify(user?.password_hash ?? '', password)).toBe(true);
          expect(await verify(user?.password_hash ?? '', 'wrong')).toBe(false);
        }
        const guest = users.find((u) => u.email === 'guest@demo.test');
        expect(guest?.points).toBeGreaterThan(0);
        expect(guest?.accumulated_amount).toBeGreaterThan(0);
        const waiter = users.find((u) => u.email === 'waiter@demo.test');
        const waiterPlaces = await db
          .selectFrom('user_places')
          .select('place_id')
          .where('user_id', '=', waiter?.id ?? 0)
          .execute();
        expect(waiterPlaces.map((r) => r.place_id).sort()).toEqual([bistroId, hotelId].sort());
      });

      it('logs each account with its password and the table links', () => {
        const text = logLines.join('\n');
        expect(text).toContain('admin@demo.test / demo-admin');
        expect(text).toContain('waiter@demo.test / demo-waiter');
        expect(text).toContain('guest@demo.test / demo-guest');
        expect(text).toContain('/bistro/t/demo-t1');
        expect(text).toContain('/hotel/t/demo-r101');
      });

      it('has the active promo code WELCOME10 = 10 % at the bistro', async () => {
        const promo = await db
          .selectFrom('promo_codes')
          .selectAll()
          .where('place_id', '=', bistroId)
          .where('code', '=', 'WELCOME10')
          .executeTakeFirstOrThrow();
        expect(promo.discount_type).toBe('percent');
        expect(Number(promo.discount_value)).toBe(10);
        expect(promo.active).toBe(1);
      });

      it('opens the bistro 08:00–23:00 Tuesday–Sunday, closed Monday, priced in euro with lev second', async () => {
        const s = await settingsOf(bistroId);
        expect(s.working_hours_1).toBe('-');
        for (let d = 2; d <= 7; d++) expect(s[`working_hours_${d}`]).toBe('08:00-23:00');
        expect(parse<Record<string, string>>(s.working_hours ?? '{}')).toMatchObject({
          '1': '-',
          '2': '08:00-23:00',
        });
        expect(s.default_lang).toBe('bg');
        expect(s.default_currency_suffix).toBe('€');
        expect(s.show_prices_in_two_currency).toBe('1');
        expect(s.disable_overtime_orders).toBe('1');
      });

      it('runs hotel room service around the clock, with spot browse and a PDF-menu category', async () => {
        const s = await settingsOf(hotelId);
        expect(s.is_hotel).toBe('1');
        for (let d = 1; d <= 7; d++) expect(s[`working_hours_${d}`]).toBe('00:00-23:59');
        expect(s.payment_types?.split(',')).toContain('room_bill');
        const types = await db
          .selectFrom('order_types')
          .select('type')
          .where('place_id', '=', hotelId)
          .execute();
        expect(types.map((t) => t.type).sort()).toEqual([4, 6]);
        const pdf = await db
          .selectFrom('categories')
          .select('pdf_path')
          .where('place_id', '=', hotelId)
          .where('pdf_path', 'is not', null)
          .executeTakeFirstOrThrow();
        const file = join(DEMO_IMAGES_DIR, (pdf.pdf_path ?? '').slice(DEMO_IMAGES_URL.length));
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
        const count = await db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', hotelId)
          .executeTakeFirstOrThrow();
        expect(Number(count.n)).toBeGreaterThanOrEqual(12);
      });
    });

    describe('bistro menu', () => {
      it('has about 60 products, each with a variant, an 800×600 image and all four translations', async () => {
        const products = await db
          .selectFrom('products')
          .selectAll()
          .where('place_id', '=', bistroId)
          .execute();
        expect(products.length).toBeGreaterThanOrEqual(55);
        expect(products.length).toBeLessThanOrEqual(75);
        const variants = await db.selectFrom('product_variants').selectAll().execute();
        const images = await db.selectFrom('product_images').selectAll().execute();
        for (const p of products) {
          expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
          const own = variants.filter((v) => v.product_id === p.id);
          expect(own.length, p.slug).toBeGreaterThanOrEqual(1);
          for (const v of own) expect(Number.isInteger(v.price) && v.price > 0, p.slug).toBe(true);
          const t = parse<Record<string, Record<string, string>>>(p.translations);
          for (const lang of OTHER_LANGS) {
            expect(t[lang]?.name, `${p.slug} ${lang}`).toBeTruthy();
            expect(t[lang]?.description, `${p.slug} ${lang}`).toBeTruthy();
          }
          const image = images.find((i) => i.product_id === p.id);
          expect(image?.width).toBe(800);
          expect(image?.height).toBe(600);
          expect(
            existsSync(join(DEMO_IMAGES_DIR, (image?.path ?? '').slice(DEMO_IMAGES_URL.length))),
            p.slug,
          ).toBe(true);
        }
      });

      it('nests categories three levels deep, with link, image, call-waiter and browse-only categories', async () => {
        const cats = await db.selectFrom('categories').selectAll().where('place_id', '=', bistroId).execute();
        expect(Math.max(...cats.map((c) => c.hierarchy_level))).toBe(3);
        for (const c of cats) {
          if (c.parent_id !== null) {
            const parent = cats.find((p) => p.id === c.parent_id);
            expect(parent?.hierarchy_level).toBe(c.hierarchy_level - 1);
          }
          const t = parse<Record<string, Record<string, string>>>(c.translations);
          for (const lang of OTHER_LANGS) expect(t[lang]?.name, `${c.slug} ${lang}`).toBeTruthy();
        }
        const link = cats.find((c) => c.type === 'link');
        expect(parse<{ link: string }[]>(link?.links ?? '[]')).toEqual([{ link: '/feedback' }]);
        expect(cats.some((c) => c.type === 'image')).toBe(true);
        expect(cats.some((c) => c.open_call_waiter === 1)).toBe(true);
        expect(cats.some((c) => c.order_allowed === 0)).toBe(true);
      });

      it('has exactly one booking product with a booking duration, and one time-based discount', async () => {
        const products = await db
          .selectFrom('products')
          .selectAll()
          .where('place_id', '=', bistroId)
          .execute();
        const booking = products.filter((p) => p.type === 'booking');
        expect(booking).toHaveLength(1);
        const variant = await db
          .selectFrom('product_variants')
          .selectAll()
          .where('product_id', '=', booking[0]?.id ?? 0)
          .executeTakeFirstOrThrow();
        expect(variant.booking_duration).toBe(120);
        const timed = products.filter((p) => p.time_based_discount_enabled === 1);
        expect(timed).toHaveLength(1);
        expect(parse<number[]>(timed[0]?.time_based_discount_days ?? '[]')).toEqual([2, 3, 4, 5]);
        expect(timed[0]?.time_based_discount_start_hour).toBe(17);
        expect(timed[0]?.time_based_discount_end_hour).toBe(19);
        expect(Number(timed[0]?.time_based_discount_percent)).toBe(20);
      });

      it('uses all three ingredient types, min/max addable, related products, allergens and discounts', async () => {
        const products = await db
          .selectFrom('products')
          .selectAll()
          .where('place_id', '=', bistroId)
          .execute();
        const ids = products.map((p) => p.id);
        const pis = await db
          .selectFrom('product_ingredients')
          .selectAll()
          .where('product_id', 'in', ids)
          .execute();
        expect(new Set(pis.map((pi) => pi.type))).toEqual(new Set(['required', 'addable', 'removable']));
        const builder = products.find(
          (p) => p.min_count_addable_ingredients === 1 && p.max_count_addable_ingredients === 3,
        );
        expect(builder).toBeDefined();
        const related = await db
          .selectFrom('related_products')
          .selectAll()
          .where('product_id', 'in', ids)
          .execute();
        expect(new Set(related.map((r) => r.product_id)).size).toBeGreaterThanOrEqual(5);
        for (const id of ids)
          expect(related.filter((r) => r.product_id === id).length).toBeLessThanOrEqual(4);
        const allergens = await db.selectFrom('allergens').selectAll().execute();
        expect(allergens).toHaveLength(14);
        for (const a of allergens) {
          const t = parse<Record<string, Record<string, string>>>(a.translations);
          for (const lang of OTHER_LANGS) expect(t[lang]?.name).toBeTruthy();
        }
        expect(products.some((p) => p.in_stock === 0)).toBe(true);
        expect(products.some((p) => Number(p.discount_percent) > 0)).toBe(true);
        expect(products.some((p) => p.discount_money > 0)).toBe(true);
        expect(products.some((p) => p.hide_for_ordering === 1)).toBe(true);
        expect(products.some((p) => p.minimum_durability !== null)).toBe(true);
      });

      it('offers spot, delivery (radius and polygon zones), pickup and served-on-spot', async () => {
        const types = await db
          .selectFrom('order_types')
          .selectAll()
          .where('place_id', '=', bistroId)
          .execute();
        expect(types.map((t) => t.type).sort()).toEqual([1, 2, 3, 7]);
        const delivery = types.find((t) => t.type === 2);
        const radiuses = await db
          .selectFrom('delivery_radiuses')
          .selectAll()
          .where('order_type_id', '=', delivery?.id ?? 0)
          .orderBy('radius_start')
          .execute();
        expect(radiuses.map((r) => [r.radius_start, r.radius_end, r.delivery_price])).toEqual([
          [0, 3, 250],
          [3, 6, 400],
        ]);
        const shapes = await db.selectFrom('delivery_shapes').selectAll().execute();
        expect(shapes).toHaveLength(1);
        expect(parse<number[][]>(shapes[0]?.coordinates ?? '[]').length).toBeGreaterThanOrEqual(4);
      });
    });
  });
}

describe('shipped images', () => {
  it('are distinct SVGs (and one PDF) under 1 MB in total', () => {
    const files = readdirSync(DEMO_IMAGES_DIR);
    const total = files.reduce((n, f) => n + statSync(join(DEMO_IMAGES_DIR, f)).size, 0);
    expect(total).toBeLessThan(1024 * 1024);
    const svgs = files
      .filter((f) => f.endsWith('.svg'))
      .map((f) => readFileSync(join(DEMO_IMAGES_DIR, f), 'utf8'));
    expect(new Set(svgs).size).toBe(svgs.length);
    for (const svg of svgs) expect(svg.startsWith('<svg')).toBe(true);
  });
});
