/**
 * The guest's reads of stored orders: a table session's orders (the orders tab), one order's tracking page and its
 * event stream's session, and the pickup venue picker.
 */
import type { VenueSettings } from '@trapeza/domain/settings';
import type {
  StoreOrderTracking,
  StorePickupPlacesResponse,
  StoreSessionOrdersResponse,
} from '@trapeza/domain/contracts/orders';
import { groupedBy, orderLineIngredient, orderLineSummary } from '../../lib/order-lines.ts';
import { orderError } from './order-error.ts';
import { parseTranslations } from '../menu/menu.mapping.ts';
import type { OrderCallContext } from './order-draft.ts';
import type { OrdersRepository } from './orders.repository.ts';
import type { TablesService } from '../tables/tables.service.ts';

export function createOrderQueries(deps: {
  repo: OrdersRepository;
  tables: TablesService;
  /** The venue's parsed settings (orders.service.ts), shared with the order intake. */
  parsed: (raw: Readonly<Record<string, string>>) => VenueSettings;
}) {
  const { repo, tables, parsed } = deps;

  /**
   * GET orders/by_table_session/{token}: the session's orders with lines and statuses, those of the last
   * order_expire_time_hours (spec §9, default 3: an order stays that long in the guest's orders tab; a session a
   * waiter or the bill kept open longer does not show the morning's orders to the evening's guest).
   */
  async function sessionOrders(token: string, ctx: OrderCallContext): Promise<StoreSessionOrdersResponse> {
    const s = await tables.requireSession(ctx.placeId, token, ctx.now);
    const listed = await repo.listOrdersByToken(ctx.placeId, s.session);
    const { lines, ingredients, history } = listed;
    const settings = parsed(await repo.getSettings(ctx.placeId));
    const since = new Date(ctx.now.getTime() - settings.order_expire_time_hours * 3_600_000).toISOString();
    const orders = listed.orders.filter((o) => String(o.created_at) >= since);
    const room = s.table_kind === 'room';
    const linesOf = groupedBy(lines, (l) => l.order_id);
    const ingredientsOf = groupedBy(ingredients, (i) => i.order_line_id);
    return {
      orders: orders.map((o) => ({
        key: o.key,
        number: o.number,
        type: o.type,
        status: o.status,
        statuses: history
          .filter((h) => h.order_id === o.id)
          .map((h) => ({ status: h.status, at: h.created_at })),
        created_at: o.created_at,
        total: o.total,
        payment_method: o.payment_method,
        lines: linesOf(o.id).map((l) => ({
          ...orderLineSummary(l),
          unit_price: l.unit_price,
          comment: l.comment,
          ingredients: ingredientsOf(l.id).map(orderLineIngredient),
        })),
      })),
      bill_wanted: s.bill_wanted ? 1 : 0,
      expires: s.expires_at,
      order_type: s.order_type,
      table: s.table_number,
      room_number: room ? s.table_number : null,
    };
  }

  /**
   * GET orders/track/{tracking_token} (issue 24 #6): one order as its tracking page shows it, at this place only
   * (another venue's token is unknown here: 404 order_not_found).
   */
  async function trackOrder(
    trackingToken: string,
    ctx: Pick<OrderCallContext, 'placeId' | 'lang'>,
  ): Promise<StoreOrderTracking> {
    const found = await repo.getOrderByTrackingToken(ctx.placeId, trackingToken);
    if (!found) throw orderError(404, 'order_not_found');
    const { order, history } = found;
    return {
      number: order.number,
      key: order.key,
      type: order.type,
      status: order.status,
      statuses: history.map((h) => ({ status: h.status, at: String(h.created_at) })),
      created_at: String(order.created_at),
      requested_time: order.requested_time || null,
      total: Number(order.total),
      currency: order.currency,
      payment_method: order.payment_method,
      payment_status: order.payment_status,
    };
  }

  /** The order token (session) of a tracked order, for its event stream; undefined when unknown here. */
  async function trackedOrderSession(
    placeId: number,
    trackingToken: string,
  ): Promise<{ session: string; key: string } | undefined> {
    const found = await repo.getOrderByTrackingToken(placeId, trackingToken);
    return found ? { session: found.order.token, key: found.order.key } : undefined;
  }

  /** GET pickup-places: the client's active places offering pickup (the pickup venue picker). */
  async function pickupPlaces(clientId: number): Promise<StorePickupPlacesResponse> {
    const rows = await repo.listPickupPlaces(clientId);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      translations: parseTranslations(r.translations),
      address: r.address,
    }));
  }

  return { sessionOrders, trackOrder, trackedOrderSession, pickupPlaces };
}
