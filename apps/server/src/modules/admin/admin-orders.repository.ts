/**
 * SQL of the admin orders list (issue 21 #4): one page of the place's orders matching the filters, and how many
 * match in all. Every query is bound to the place of the request, so another venue's order is never listed.
 */
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type { AdminOrderSort } from '@trapeza/domain/contracts/admin-orders';
import { readPlaceSetting } from '../../db/place-settings.ts';
import { createStaffRepository, type OrderBundle } from '../staff/staff.repository.ts';

export interface AdminOrdersFilter {
  /** A short number to match exactly (the search looked like one). */
  number?: number;
  /** A part of the guest's name or phone, as typed. */
  text?: string;
  /** The search's digits, to find "0888 123" in "+359888123…" too. */
  phoneDigits?: string;
  statuses?: string[];
  types?: number[];
  /** UTC instants: [from, to). */
  from?: string;
  to?: string;
}

const SORT_COLUMN = {
  created_at: 'o.created_at',
  number: 'o.number',
  total: 'o.total',
  status: 'o.status',
  type: 'o.type',
} as const satisfies Record<AdminOrderSort, string>;

/** LIKE with the guest's text taken literally (% and _ are no wildcards). */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The ways a name part is written: as typed, lower case, upper case and each word capitalised. SQLite's lower() and
 * LIKE fold only ASCII letters (and PostgreSQL's lower() only what the database's collation knows), so "орлова" never
 * found "Гергана Орлова" by lower() alone; matched as each of these, a name typed in any of those cases is found in
 * any alphabet. (A mixed-case Latin "mcdonald" for "McDonald" is still found through lower(), ASCII.)
 */
function spellings(text: string): string[] {
  const lower = text.toLocaleLowerCase();
  const capitalised = lower.replace(
    /(^|[\s'-])(\p{L})/gu,
    (_, before: string, c: string) => before + c.toLocaleUpperCase(),
  );
  return [...new Set([text, lower, text.toLocaleUpperCase(), capitalised])];
}

export function createAdminOrdersRepository(db: AppDatabase) {
  const filtered = (placeId: number, f: AdminOrdersFilter) => {
    let q = db
      .selectFrom('orders as o')
      .leftJoin('tables as t', 't.id', 'o.table_id')
      .where('o.place_id', '=', placeId);
    if (f.statuses?.length) q = q.where('o.status', 'in', f.statuses);
    if (f.types?.length) q = q.where('o.type', 'in', f.types);
    if (f.from) q = q.where('o.created_at', '>=', f.from);
    if (f.to) q = q.where('o.created_at', '<', f.to);
    if (f.number !== undefined || f.text || f.phoneDigits) {
      q = q.where((eb) => {
        const any = [];
        if (f.number !== undefined) any.push(eb('o.number', '=', f.number));
        if (f.text) {
          const name = sql`coalesce(${eb.ref('o.client_name')}, '')`;
          for (const spelling of spellings(f.text))
            any.push(sql<boolean>`${name} like ${likeText(spelling)} escape '\\'`);
          any.push(sql<boolean>`lower(${name}) like ${likeText(f.text.toLowerCase())} escape '\\'`);
          any.push(
            sql<boolean>`coalesce(${eb.ref('o.client_phone')}, '') like ${likeText(f.text)} escape '\\'`,
          );
        }
        if (f.phoneDigits) {
          // The phone as stored without spaces, dashes, dots, brackets and the plus: digits against digits.
          const digits = sql`replace(replace(replace(replace(replace(replace(coalesce(${eb.ref('o.client_phone')}, ''), ' ', ''), '-', ''), '.', ''), '(', ''), ')', ''), '+', '')`;
          any.push(sql<boolean>`${digits} like ${likeText(f.phoneDigits)} escape '\\'`);
        }
        return eb.or(any);
      });
    }
    return q;
  };

  const staff = createStaffRepository(db);
  return {
    /** The venue's time zone setting as stored (the domain's parseSettings gives the default). */
    timeZone: (placeId: number) => readPlaceSetting(db, placeId, 'time_zone'),

    /** One order of the place with lines, extras and history (the staff board's bundle); empty when not there. */
    detail: (placeId: number, id: number): Promise<OrderBundle> => staff.getOrders(placeId, [id]),

    async page(
      placeId: number,
      f: AdminOrdersFilter,
      sort: AdminOrderSort,
      dir: 'asc' | 'desc',
      limit: number,
      offset: number,
    ) {
      const column = SORT_COLUMN[sort];
      let q = filtered(placeId, f).select([
        'o.id',
        'o.key',
        'o.number',
        'o.created_at',
        'o.type',
        'o.status',
        'o.table_id',
        't.number as table_number',
        't.kind as table_kind',
        'o.room_number',
        'o.client_name',
        'o.client_phone',
        'o.total',
        'o.currency',
        'o.payment_method',
        'o.payment_status',
      ]);
      // A short number repeats every day: by number means by the day, then the number; older orders (none) last.
      if (sort === 'number')
        q = q.orderBy(sql`case when o.number is null then 1 else 0 end`).orderBy('o.number_day', dir);
      q = q.orderBy(column, dir);
      return q.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).offset(offset).execute();
    },

    async count(placeId: number, f: AdminOrdersFilter): Promise<number> {
      const row = await filtered(placeId, f)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type AdminOrdersRepository = ReturnType<typeof createAdminOrdersRepository>;
