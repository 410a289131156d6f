/**
 * The only place with SQL for accounts. Users belong to a client (the same e-mail may exist under two clients), so
 * every lookup by e-mail takes the client id; order history, discounts and payment instruments take the place id.
 * E-mails are stored and compared lower-case.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AppDatabase } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import { readPlaceSetting } from '../../db/place-settings.ts';

export type UserRow = Selectable<UsersTable>;

export interface UserOrderRow {
  id: number;
  key: string;
  created_at: string;
  type: number;
  total: number;
  currency: string;
  payment_method: string | null;
  payment_status: string;
  status: string;
  client_address: string | null;
  room_number: string | null;
  client_name: string | null;
  client_phone: string | null;
  client_email: string | null;
  number: number | null;
  tracking_token: string | null;
}

export interface UserOrderLineRow {
  order_id: number;
  product_id: number;
  variant_id: number;
  name: string;
  size: string | null;
  quantity: number;
  line_total: number;
}

export function createUsersRepository(db: AppDatabase) {
  /** clientId null: platform staff (who belong to no brand). */
  async function findByEmail(clientId: number | null, email: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) => (clientId === null ? eb('client_id', 'is', null) : eb('client_id', '=', clientId)))
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async function findById(id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function insert(user: Insertable<UsersTable>): Promise<UserRow> {
    const row = await db
      .insertInto('users')
      .values({ ...user, email: user.email.toLowerCase() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  async function update(
    clientId: number | null,
    id: number,
    changes: Updateable<UsersTable>,
  ): Promise<UserRow | undefined> {
    const values = changes.email ? { ...changes, email: changes.email.toLowerCase() } : changes;
    // Nothing to change (e.g. editProfile with no known field): an empty SET is an SQL syntax error, so read instead.
    if (Object.keys(values).length === 0) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => (clientId === null ? eb('client_id', 'is', null) : eb('client_id', '=', clientId)))
        .executeTakeFirst();
    }
    return db
      .updateTable('users')
      .set(values)
      .where('id', '=', id)
      .where((eb) => (clientId === null ? eb('client_id', 'is', null) : eb('client_id', '=', clientId)))
      .returningAll()
      .executeTakeFirst();
  }

  async function isAssignedToPlace(userId: number, placeId: number): Promise<boolean> {
    const row = await db
      .selectFrom('user_places')
      .select('place_id')
      .where('user_id', '=', userId)
      .where('place_id', '=', placeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function insertResetToken(userId: number, tokenHash: string, expiresAt: string): Promise<void> {
    await db
      .insertInto('password_reset_tokens')
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, used_at: null })
      .execute();
  }

  async function findResetToken(tokenHash: string) {
    return db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Marks a token used only if it still is unused and unexpired; the condition in the UPDATE itself makes two
   * concurrent confirmations with the same token end with exactly one winner.
   */
  async function consumeResetToken(id: number, nowIso: string): Promise<boolean> {
    const result = await db
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Retires every other outstanding token of the user (a new password makes older links useless). */
  async function retireResetTokens(userId: number, nowIso: string): Promise<void> {
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The user's orders at one place, newest first. */
  async function listOrders(userId: number, placeId: number, limit: number): Promise<UserOrderRow[]> {
    return db
      .selectFrom('orders')
      .select([
        'id',
        'key',
        'created_at',
        'type',
        'total',
        'currency',
        'payment_method',
        'payment_status',
        'status',
        'client_address',
        'room_number',
        'client_name',
        'client_phone',
        'client_email',
        'number',
        'tracking_token',
      ])
      .where('user_id', '=', userId)
      .where('place_id', '=', placeId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async function listOrderLines(orderIds: number[]): Promise<UserOrderLineRow[]> {
    if (orderIds.length === 0) return [];
    return db
      .selectFrom('order_lines')
      .select(['order_id', 'product_id', 'variant_id', 'name', 'size', 'quantity', 'line_total'])
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
  }

  /** Orders of the user at the place that count for the nth-order discount (every order not rejected). */
  async function countOrders(userId: number, placeId: number): Promise<number> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('place_id', '=', placeId)
      .where('status', '!=', 'rejected')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function listActiveUserDiscounts(placeId: number) {
    return db
      .selectFrom('user_discounts')
      .select(['on_order_number', 'discount_type', 'discount_amount'])
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .orderBy('on_order_number')
      .execute();
  }

  async function listPaymentInstruments(userId: number, placeId: number) {
    return db
      .selectFrom('payment_instruments')
      .select(['id', 'name', 'provider', 'type', 'expires'])
      .where('user_id', '=', userId)
      .where('place_id', '=', placeId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The place's display name, its functionality modules and its phone rule (validate_phone_number_regex). */
  async function findPlace(
    placeId: number,
  ): Promise<{ name: string; modules: string[]; phoneRegex: string | null } | undefined> {
    const row = await db
      .selectFrom('places')
      .select(['name', 'functionality_modules'])
      .where('id', '=', placeId)
      .executeTakeFirst();
    if (!row) return undefined;
    const phoneRegex = await readPlaceSetting(db, placeId, 'validate_phone_number_regex');
    let modules: string[] = [];
    try {
      const parsed: unknown = JSON.parse(row.functionality_modules);
      if (Array.isArray(parsed)) modules = parsed.filter((m): m is string => typeof m === 'string');
    } catch {
      // A malformed module list means no optional modules.
    }
    return { name: row.name, modules, phoneRegex: phoneRegex?.trim() || null };
  }

  return {
    findByEmail,
    findById,
    insert,
    update,
    isAssignedToPlace,
    insertResetToken,
    findResetToken,
    consumeResetToken,
    retireResetTokens,
    listOrders,
    listOrderLines,
    countOrders,
    listActiveUserDiscounts,
    listPaymentInstruments,
    findPlace,
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
