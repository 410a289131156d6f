/**
 * Placing guest orders (spec §1 order types, §5 validation, §8 errors). Every order type goes through the same
 * steps, visible in `placeOrder`:
 *   1. ordering window: orders_allowed and working hours (domain hours) → orders_not_allowed;
 *   2. who orders: a device staff barred, a banned user → anon_user_banned; card / online without login →
 *      card_payment_requires_login;
 *   3. the form (domain validation codes, per field) → 400 invalid_order_data;
 *   4. the cart against the database: empty → noProductsToInsert, another venue's products →
 *      invalid_products_for_place, gone or out of stock → inactiveProductsIds, unavailable ingredients →
 *      inactiveProductIngredientsIds (also a required ingredient not chosen), category not orderable → product_not_orderable, add-on limits;
 *   5. re-pricing with the domain engine (calculateOrderTotal) from database prices only; delivery zone →
 *      invalid_delivery_shape, minimal_order_price → min_order_price_for_radius_not_fulfilled;
 *   6. one transaction: order, lines, line ingredients, breakdown, first status, promo use, accumulated amount —
 *      refused as too_mony_orders_for_session_in_x_seconds when the same order was stored seconds ago.
 *
 * Split by responsibility (issue 22 #6): order-draft.ts (the call's context and its common draft), order-intake.ts
 * (the order calls and the steps above), order-form.ts (step 3), order-cart.ts (step 4), order-pricing.ts (the promo
 * code, the registered guest's loyalty discounts and the delivery zone of step 5), order-queries.ts (the guest's
 * reads: session orders, tracking, pickup venues). This file composes them into the module's one service.
 */
import { parseSettings, type VenueSettings } from '@trapeza/domain/settings';
import { createOrderIntake, type OrderPaymentStarter } from './order-intake.ts';
import { createOrderQueries } from './order-queries.ts';
import type { OrdersRepository } from './orders.repository.ts';
import type { TablesService } from '../tables/tables.service.ts';
import type { StaffNotifier } from '../../plugins/events.ts';

// Where the routes and the table party have always imported the call context from.
export type { OrderCallContext } from './order-draft.ts';

export function createOrdersService(deps: {
  repo: OrdersRepository;
  tables: TablesService;
  /** The payments module's hook for an order paid online; null where no payment is started (the table party). */
  payments?: OrderPaymentStarter | null;
  notifier?: StaffNotifier | null;
}) {
  const { repo, tables } = deps;
  /** Parsed settings per stored settings object: the repository hands out the same one while it is cached. */
  const parsedSettings = new WeakMap<object, VenueSettings>();
  const parsed = (raw: Readonly<Record<string, string>>): VenueSettings => {
    let settings = parsedSettings.get(raw);
    if (!settings) parsedSettings.set(raw, (settings = parseSettings(raw)));
    return settings;
  };
  return {
    ...createOrderIntake({
      repo,
      tables,
      payments: deps.payments ?? null,
      notifier: deps.notifier ?? null,
      parsed,
    }),
    ...createOrderQueries({ repo, tables, parsed }),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
