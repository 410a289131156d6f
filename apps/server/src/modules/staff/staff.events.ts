/**
 * What the guest-facing modules tell the staff boards (`app.staffNotifier`): a new order, an online payment's
 * outcome, a waiter call or bill request, feedback. Each is read back in the board's shape and published on the event bus. The calls return at
 * once and never throw: a guest's order must not fail because a board could not be told (the board also reloads
 * on reconnect, so a lost notice shows up there at the latest). A new order is also e-mailed to the place's
 * notification_email when set (order-notification.mail.ts), after the commit and with its own error log.
 *
 * New orders come in bursts (one commit stores many, see the group commit in orders/orders.store.ts): those announced in the
 * same turn of the event loop are read back together, one query set per place instead of per order, and that one
 * read feeds both the board event and the e-mail. On PostgreSQL the group commit stores each new order's event in
 * the order's own transaction (`newOrderEvents`, issue "Scale out" #1: an order and its event commit together, and
 * nothing is read back); the notifier is then told the board's order and only mails it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { StaffFeedback } from '@trapeza/domain/contracts/staff';
import type { Mailer } from '../../lib/mailer.ts';
import type { SmsSender } from '../../lib/sms.ts';
import type { Insertable } from 'kysely';
import type { StaffOrder } from '@trapeza/domain/contracts/staff';
import type { StaffEventsTable } from '../../db/schema.ts';
import type { EventBus, FeedbackNotice, StaffNotifier } from '../../plugins/events.ts';
import { sendNewOrderMails } from './order-notification.mail.ts';
import type { OrderBundle, StaffRepository } from './staff.repository.ts';
import { toStaffOrders, toStaffUserNeed } from './staff.service.ts';

/**
 * The `order.created` events of orders just stored, from their rows as the board reads them (OrdersRepository's
 * PostgreSQL group commit stores them in the orders' transaction): the same event the notifier would publish.
 */
export function newOrderEvents(
  bundle: OrderBundle,
): { orderId: number; published: StaffOrder; event: Insertable<StaffEventsTable> }[] {
  const rows = new Map(bundle.orders.map((o) => [o.id, o]));
  return toStaffOrders(bundle).map((order) => {
    const row = rows.get(order.id)!;
    return {
      orderId: order.id,
      published: order,
      event: {
        place_id: row.place_id,
        type: 'order.created',
        session: row.token,
        data: JSON.stringify({ order }),
        created_at: row.created_at,
      },
    };
  });
}

export function createStaffNotifier(
  repo: StaffRepository,
  bus: EventBus,
  log: FastifyBaseLogger,
  /** New orders are also mailed (and texted) to the place's notification_email / _sms_phone (order-notification.mail.ts). */
  mail?: { mailer: Mailer; sms?: SmsSender; publicUrl: string },
): StaffNotifier {
  const run = (what: string, work: () => Promise<unknown>): void => {
    work().catch((err: unknown) => log.error({ err }, `staff events: ${what} not published`));
  };
  /** Orders announced since the last turn, by place (ids to read back and publish; orders already published). */
  const newOrders = new Map<number, { ids: number[]; published: StaffOrder[] }>();
  const announceNewOrders = (): void => {
    const batch = [...newOrders];
    newOrders.clear();
    for (const [placeId, { ids, published }] of batch) {
      if (published.length > 0 && mail)
        void sendNewOrderMails(
          { repo, log, ...mail },
          placeId,
          published.sort((a, b) => a.id - b.id),
        );
      if (ids.length === 0) continue;
      run('order.created', async () => {
        const bundle = await repo.getOrders(placeId, ids);
        const tokens = new Map(bundle.orders.map((o) => [o.id, o.token]));
        const orders = toStaffOrders(bundle).sort((a, b) => a.id - b.id);
        if (mail) void sendNewOrderMails({ repo, log, ...mail }, placeId, orders);
        // Published together: on SQLite they share one commit of the bus, in this order.
        await Promise.all(
          orders.map((order) =>
            bus.publish({
              placeId,
              type: 'order.created',
              session: tokens.get(order.id) ?? null,
              data: { order },
            }),
          ),
        );
      });
    }
  };
  return {
    orderCreated(placeId, orderId, published) {
      const first = newOrders.size === 0;
      let entry = newOrders.get(placeId);
      if (!entry) newOrders.set(placeId, (entry = { ids: [], published: [] }));
      if (published) entry.published.push(published);
      else entry.ids.push(orderId);
      if (first) setImmediate(announceNewOrders);
    },
    orderPaymentChanged(placeId, orderId, change) {
      run('order.payment_changed', async () => {
        const [order] = toStaffOrders(await repo.getOrders(placeId, [orderId]));
        if (!order) return;
        await bus.publish({
          placeId,
          type: 'order.payment_changed',
          data: { order, from: change.from, to: change.to },
        });
      });
    },
    userNeedCreated(placeId, userNeedId) {
      run('user_need.created', async () => {
        const row = await repo.getUserNeed(placeId, userNeedId);
        if (!row) return;
        await bus.publish({ placeId, type: 'user_need.created', data: { user_need: toStaffUserNeed(row) } });
      });
    },
    feedbackGiven(placeId, notice: FeedbackNotice) {
      run('feedback.created', async () => {
        const ids = notice.answers.map((a) => a.question_id).filter((id): id is number => id !== null);
        const { order, questions } = await repo.feedbackContext(placeId, notice.orderId, ids);
        const text = new Map(questions.map((q) => [q.id, q.text]));
        const feedback: StaffFeedback = {
          order_id: order?.id ?? null,
          order_key: order?.key ?? null,
          table: order?.table_number ?? order?.room_number ?? null,
          name: notice.name,
          created_at: notice.createdAt,
          answers: notice.answers.map((a) => ({
            question_id: a.question_id,
            question: a.question_id !== null ? (text.get(a.question_id) ?? null) : null,
            rating: a.rating,
            text: a.text,
          })),
        };
        await bus.publish({ placeId, type: 'feedback.created', data: { feedback } });
      });
    },
  };
}
