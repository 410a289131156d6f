/**
 * The loyalty award of one paid order (rule: packages/domain/src/pricing/loyalty.ts). Runs inside the caller's
 * transaction — the staff status change to `paid`, or the payments module applying a verified online payment —
 * so the order's new state and the user's points / accumulated amount commit together or not at all.
 *
 * Once per order: the first step claims the order by setting `loyalty_awarded_at` only where it is still null
 * (a row-level conditional UPDATE, so two concurrent payers race to one winner on both dialects). Orders without
 * a user earn nothing and are left unclaimed. While the venue's `loyalty` module is off an order earns nothing (it is
 * still claimed: switching the module on later does not award an order paid while it was off).
 */
import { sql } from 'kysely';
import { loyaltyAward, parseLoyaltySettings, type LoyaltyAward } from '@trapeza/domain/pricing/loyalty';
import type { AppDatabase } from '../../db/database.ts';
import { placeModules } from '../places/place-modules.repository.ts';

const LOYALTY_KEYS = ['points_per_currency_unit', 'accumulated_amount_percent'];

export interface AwardedLoyalty extends LoyaltyAward {
  userId: number;
}

/** Awards the order's loyalty to its user unless already done; answers what was credited (null: nothing to do). */
export async function awardOrderLoyalty(
  trx: AppDatabase,
  orderId: number,
  at: string,
): Promise<AwardedLoyalty | null> {
  const claimed = await trx
    .updateTable('orders')
    .set({ loyalty_awarded_at: at })
    .where('id', '=', orderId)
    .where('user_id', 'is not', null)
    .where('loyalty_awarded_at', 'is', null)
    .returning(['user_id', 'place_id', 'total'])
    .executeTakeFirst();
  if (!claimed || claimed.user_id === null) return null;
  if (!(await placeModules(trx, claimed.place_id)).includes('loyalty')) {
    return { userId: claimed.user_id, points: 0, accumulatedAmount: 0 };
  }
  const rows = await trx
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('place_id', '=', claimed.place_id)
    .where('key', 'in', LOYALTY_KEYS)
    .execute();
  const award = loyaltyAward(
    Number(claimed.total),
    parseLoyaltySettings(Object.fromEntries(rows.map((r) => [r.key, r.value]))),
  );
  if (award.points === 0 && award.accumulatedAmount === 0) return { userId: claimed.user_id, ...award };
  await trx
    .updateTable('orders')
    .set({ loyalty_points: award.points, loyalty_amount: award.accumulatedAmount })
    .where('id', '=', orderId)
    .execute();
  await trx
    .updateTable('users')
    .set({
      points: sql<number>`points + ${award.points}`,
      accumulated_amount: sql<number>`accumulated_amount + ${award.accumulatedAmount}`,
    })
    .where('id', '=', claimed.user_id)
    .execute();
  return { userId: claimed.user_id, ...award };
}
