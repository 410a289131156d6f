/**
 * What the guest-facing modules tell the staff boards (`app.staffNotifier`): a new order, an online payment's
 * outcome, a waiter call or bill request, feedback. Each is read back in the board's shape and published on the event bus. The calls return at
 * once and never throw: a guest's order must not fail because a board could not be told (the board also reloads
 * on reconnect, so a lost notice shows up there at the latest). A new order is also e-mailed to the place's
 * notification_email when set (order-notification.mail.ts), after the commit and with its own error log.
 *
 * New orders come in bursts (one commit stores many, see OrdersRepository's group commit): those announced in the
 * same turn of the event loop are read back together, one query set per place instead of per order, and that one
 * read feeds both the board event and the e-mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { StaffFeedback } from '@trapeza/domain/contracts/staff';
import type { Mailer } from '../../lib/mailer.ts';
import type { SmsSender } from '../../lib/sms.ts';
import type { EventBus, FeedbackNotice, StaffNotifier } from '../../plugins/events.ts';
import { sendNewOrderMails } from './order-notification.mail.ts';
import type { StaffRepository } from './staff.repository.ts';
import { toStaffOrders, toStaffUserNeed } from './staff.service.ts';

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
  /** Orders announced since the last turn, by place. */
  const newOrders = new Map<number, number[]>();
  const announceNewOrders = (): void => {
    const batch = [...newOrders];
    newOrders.clear();
    for (const [placeId, ids] of batch) {
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
    orderCreated(placeId, orderId) {
      let ids = newOrders.get(placeId);
      if (!ids) newOrders.set(placeId, (ids = []));
      ids.push(orderId);
      if (newOrders.size === 1 && ids.length === 1) setImmediate(announceNewOrders);
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
