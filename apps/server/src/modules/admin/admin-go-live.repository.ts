/** The only SQL of the go-live checklist (admin-go-live.routes.ts): the venue's counts and its live flag. */
import type { AdminGoLiveResponse } from '@trapeza/domain/contracts/admin';
import { goLiveChecklist, workingHoursSet } from '@trapeza/domain/go-live';
import type { AppDatabase } from '../../db/database.ts';

const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export function createGoLiveRepository(db: AppDatabase) {
  return {
    async checklist(placeId: number): Promise<AdminGoLiveResponse> {
      const [place, products, hours, orderTypes, tables, accounts, staff] = await Promise.all([
        db
          .selectFrom('places')
          .select(['live', 'live_at', 'cash_only', 'qr_sheet_downloaded_at'])
          .where('id', '=', placeId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('active', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('settings')
          .select('value')
          .where('place_id', '=', placeId)
          .where('key', '=', 'working_hours')
          .executeTakeFirst(),
        db
          .selectFrom('order_types')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('active', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('tables')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('active', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('payment_accounts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('place_id', '=', placeId)
          .where('verified_at', 'is not', null)
          .executeTakeFirst(),
        db
          .selectFrom('users as u')
          .innerJoin('user_places as up', 'up.user_id', 'u.id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('up.place_id', '=', placeId)
          .where('u.role', '=', 'WAITER')
          .where('u.banned', '=', 0)
          .executeTakeFirst(),
      ]);
      return {
        live: place.live === 1,
        live_at: place.live_at,
        cash_only: place.cash_only === 1,
        qr_sheet_downloaded_at: place.qr_sheet_downloaded_at,
        items: goLiveChecklist({
          activeProducts: count(products),
          hoursSet: workingHoursSet(hours?.value),
          activeOrderTypes: count(orderTypes),
          activeTables: count(tables),
          qrSheetDownloadedAt: place.qr_sheet_downloaded_at,
          verifiedPaymentAccounts: count(accounts),
          cashOnly: place.cash_only === 1,
          staffAccounts: count(staff),
        }),
      };
    },
    async set(placeId: number, change: { live?: boolean; cash_only?: boolean }, now: Date): Promise<void> {
      await db
        .updateTable('places')
        .set({
          ...(change.live === undefined
            ? {}
            : { live: change.live ? 1 : 0, live_at: change.live ? now.toISOString() : null }),
          ...(change.cash_only === undefined ? {} : { cash_only: change.cash_only ? 1 : 0 }),
        })
        .where('id', '=', placeId)
        .execute();
    },
  };
}
