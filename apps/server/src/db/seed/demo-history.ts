/**
 * 60 days of past orders for the demo's bistro and hotel (issue 16 item 4), so the reports screen and its charts show
 * something on a first start. Deterministic: a seeded PRNG (mulberry32) decides every order, so two seeds on the
 * same day write the same history; only the days move with the date of the seed.
 *
 * - Days: the 60 venue-local days before the seed's day (never the seed's day itself), so today's board, today's
 *   order numbers and a guest's "my orders" are untouched. The bistro is closed on Mondays and takes no orders then.
 * - Times: a lunch peak (about 13:00) and a dinner peak (about 20:00) with a few orders in between, inside opening
 *   hours (bistro 08:00–23:00; the hotel around the clock, with breakfast too); Friday to Sunday about 60 % busier.
 * - Orders: 1–4 lines of the venue's orderable products at their variant prices (line total = price × quantity,
 *   total = subtotal: no fees or discounts); the bistro's at a table (spot), for pickup or delivery, the hotel's to a
 *   room; paid in cash or by card (the hotel also to the room bill); about 3 % cancelled (`rejected` with a reason).
 *   Every order is finished (`paid` or `rejected`), so no staff board shows it; none belongs to a user (no demo
 *   account's "my orders" or loyalty counts change) and none has a short number (those count from today).
 * Inserted in batches; measured in the README (Demo).
 */
import type { Insertable, Kysely } from 'kysely';
import { localTime } from '@trapeza/domain/dates';
import type { Database, OrderLinesTable, OrdersTable } from '../schema.ts';

export const HISTORY_DAYS = 60;
const SEED = 0x16_04_2026;
const TIME_ZONE = 'Europe/Sofia';

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The UTC instant of a venue-local wall time (two rounds settle the offset across a DST change). */
function zonedInstant(y: number, m: number, d: number, minutes: number, timeZone: string): number {
  const guess = Date.UTC(y, m - 1, d, 0, minutes);
  let at = guess;
  for (let i = 0; i < 2; i++) {
    const lt = localTime(new Date(at), timeZone);
    at = guess - (Date.UTC(lt.year, lt.month - 1, lt.day, lt.hour, lt.minute) - at);
  }
  return at;
}

interface Profile {
  slug: string;
  /** Orders on an ordinary weekday, before the weekend factor and noise. */
  perDay: number;
  /** Local opening minutes [from, to). */
  open: [number, number];
  closedWeekdays: number[];
  /** Peaks: [centre minute, spread minutes, weight]. */
  peaks: [number, number, number][];
  kinds: { type: number; weight: number; payments: string[] }[];
}

const PROFILES: Profile[] = [
  {
    slug: 'bistro',
    perDay: 20,
    open: [8 * 60, 23 * 60],
    closedWeekdays: [1],
    peaks: [
      [13 * 60, 50, 0.45],
      [20 * 60, 70, 0.45],
      [16 * 60 + 30, 240, 0.1],
    ],
    kinds: [
      { type: 1, weight: 0.6, payments: ['cash', 'card'] },
      { type: 3, weight: 0.2, payments: ['cash', 'card'] },
      { type: 2, weight: 0.2, payments: ['cash', 'card_on_delivery'] },
    ],
  },
  {
    slug: 'hotel',
    perDay: 9,
    open: [0, 24 * 60],
    closedWeekdays: [],
    peaks: [
      [8 * 60, 40, 0.2],
      [13 * 60, 50, 0.3],
      [20 * 60 + 30, 70, 0.4],
      [23 * 60, 40, 0.1],
    ],
    kinds: [{ type: 6, weight: 1, payments: ['room_bill', 'card', 'cash'] }],
  },
];

const NAMES = [
  'Мария Иванова',
  'Георги Петров',
  'Elena Dimitrova',
  'Ivan Stoyanov',
  'Anna Müller',
  'Luis García',
];
const REJECT_REASONS = ['Гостът се отказа', 'Продуктът свърши', 'Грешна поръчка'];

/** A normally distributed number (Box–Muller) from two uniform draws. */
function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}

/** Writes the history of the demo places; answers how many orders it wrote. */
export async function seedDemoHistory(db: Kysely<Database>, now: Date): Promise<number> {
  const today = localTime(now, TIME_ZONE);
  let written = 0;
  for (const [index, profile] of PROFILES.entries()) {
    const place = await db
      .selectFrom('places')
      .innerJoin('clients', 'clients.id', 'places.client_id')
      .select('places.id')
      .where('clients.slug', '=', 'demo')
      .where('places.slug', '=', profile.slug)
      .executeTakeFirst();
    if (!place) continue;
    const products = await db
      .selectFrom('products as p')
      .innerJoin('product_variants as v', 'v.product_id', 'p.id')
      .leftJoin('product_categories as pc', (j) =>
        j.onRef('pc.product_id', '=', 'p.id').on('pc.is_primary', '=', 1),
      )
      .select(['p.id', 'p.name', 'v.id as variant_id', 'v.size', 'v.price', 'pc.category_id'])
      .where('p.place_id', '=', place.id)
      .where('p.active', '=', 1)
      .where('p.type', '=', 'normal')
      .where('v.active', '=', 1)
      .where('v.price', '>', 0)
      .orderBy('p.id')
      .orderBy('v.position')
      .execute();
    const tables = await db
      .selectFrom('tables')
      .select(['id', 'number', 'kind'])
      .where('place_id', '=', place.id)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
    if (products.length === 0) continue;
    const rand = mulberry32(SEED + index);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const orders: {
      order: Insertable<OrdersTable>;
      lines: Omit<Insertable<OrderLinesTable>, 'order_id'>[];
    }[] = [];
    for (let back = HISTORY_DAYS; back >= 1; back--) {
      const noon = new Date(Date.UTC(today.year, today.month - 1, today.day - back, 12));
      const [y, m, d] = [noon.getUTCFullYear(), noon.getUTCMonth() + 1, noon.getUTCDate()];
      const weekday = noon.getUTCDay(); // 0 Sunday … 6 Saturday
      if (profile.closedWeekdays.includes(weekday)) continue;
      const weekend = weekday === 5 || weekday === 6 || weekday === 0 ? 1.6 : 1;
      const count = Math.max(1, Math.round(profile.perDay * weekend * (0.8 + 0.4 * rand())));
      for (let n = 0; n < count; n++) {
        let r = rand();
        let peak = profile.peaks[profile.peaks.length - 1]!;
        for (const p of profile.peaks) {
          if (r < p[2]) {
            peak = p;
            break;
          }
          r -= p[2];
        }
        const minute = Math.round(peak[0] + gaussian(rand) * peak[1]);
        const [from, to] = profile.open;
        const at = Math.min(to - 15, Math.max(from + 10, minute));
        const created = new Date(zonedInstant(y, m, d, at, TIME_ZONE) + Math.floor(rand() * 60) * 1000);
        let k = rand();
        let kind = profile.kinds[profile.kinds.length - 1]!;
        for (const option of profile.kinds) {
          if (k < option.weight) {
            kind = option;
            break;
          }
          k -= option.weight;
        }
        const lines = Array.from({ length: 1 + Math.floor(rand() * rand() * 4) }, () => {
          const p = pick(products);
          const quantity = rand() < 0.8 ? 1 : 2;
          return {
            product_id: p.id,
            variant_id: p.variant_id,
            name: p.name,
            size: p.size,
            quantity,
            unit_price: p.price,
            box_fee: 0,
            discount: 0,
            line_total: p.price * quantity,
            comment: null,
            category_id: p.category_id,
          };
        });
        const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
        const cancelled = rand() < 0.03;
        const table =
          kind.type === 1 || kind.type === 6
            ? tables.filter((t) => (kind.type === 6 ? t.kind === 'room' : t.kind === 'table'))
            : [];
        const seat = table.length > 0 ? pick(table) : null;
        const method = pick(kind.payments);
        const guest = kind.type === 2 || kind.type === 3 ? pick(NAMES) : null;
        const closed = new Date(created.getTime() + (25 + Math.floor(rand() * 50)) * 60_000).toISOString();
        const key = `h${index}${back.toString(36)}${n.toString(36)}${Math.floor(rand() * 2 ** 40).toString(36)}`;
        orders.push({
          // Columns left out are NULL (no user, no short number, no address details…): fewer bound values a batch.
          order: {
            place_id: place.id,
            key: key.padEnd(32, '0').slice(0, 32),
            token: `history-${key}`,
            type: kind.type,
            status: cancelled ? 'rejected' : 'paid',
            table_id: seat?.id ?? null,
            room_number: kind.type === 6 ? (seat?.number ?? null) : null,
            client_name: guest,
            client_phone: guest ? '+359 888 000 000' : null,
            client_address: kind.type === 2 ? 'ул. Шипка 12' : null,
            street_number: kind.type === 2 ? '12' : null,
            exact_time_selected: 0,
            payment_method: kind.type === 1 ? null : method,
            payment_status: 'none',
            cutlery: 0,
            count_cutlery: 0,
            pickup_place_id: kind.type === 3 ? place.id : null,
            subtotal,
            discount_total: 0,
            delivery_fee: 0,
            box_fee: 0,
            cutlery_fee: 0,
            payment_fee: 0,
            accumulated_amount_used: 0,
            total: subtotal,
            currency: 'EUR',
            breakdown: JSON.stringify({ subtotal, total: subtotal, history: true }),
            bill_wanted: 0,
            bill_payment_method: kind.type === 1 ? method : null,
            created_at: created.toISOString(),
            updated_at: closed,
          } as Insertable<OrdersTable>,
          lines,
        });
      }
    }
    // Batches: SQLite allows 32 766 bound values per statement, PostgreSQL 65 535.
    for (let i = 0; i < orders.length; i += 200) {
      const batch = orders.slice(i, i + 200);
      const ids = await db
        .insertInto('orders')
        .values(batch.map((b) => b.order))
        .returning(['id', 'key', 'status', 'updated_at'])
        .execute();
      const idOf = new Map(ids.map((r) => [r.key, r]));
      const lines = batch.flatMap((b) => b.lines.map((l) => ({ ...l, order_id: idOf.get(b.order.key)!.id })));
      for (let j = 0; j < lines.length; j += 1000) {
        await db
          .insertInto('order_lines')
          .values(lines.slice(j, j + 1000))
          .execute();
      }
      const rejected = ids.filter((r) => r.status === 'rejected');
      if (rejected.length > 0) {
        await db
          .insertInto('order_status_history')
          .values(
            rejected.map((r, n) => ({
              order_id: r.id,
              status: 'rejected',
              changed_by: null,
              reason: REJECT_REASONS[n % REJECT_REASONS.length]!,
              created_at: r.updated_at,
            })),
          )
          .execute();
      }
    }
    written += orders.length;
  }
  return written;
}
