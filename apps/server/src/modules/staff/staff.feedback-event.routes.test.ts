/**
 * The board's feedback.created event through the real app on SQLite and PostgreSQL: feedback sent with an order's
 * token names that order (id, key, and its table or room), each answer carries its question's text, and the
 * free comment comes without a question; feedback without a token names no order.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import type { DialectName } from '../../db/database.ts';
import { openSse, type SseConnection } from './sse-client.fixtures.ts';
import {
  CLIENT,
  PLACE,
  insertOrder,
  seedStaffFixture,
  staffTokens,
  type StaffFixture,
} from './staff.fixtures.ts';

const seeds = new Map<DialectName, StaffFixture>();

describeEachDatabase(
  'staff feedback event',
  (ctx: TestContext) => {
    const fx = () => seeds.get(ctx.dialect)!;
    let s: SseConnection;
    let question = 0;
    beforeAll(async () => {
      const tokens = await staffTokens(ctx.app, fx());
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      s = await openSse(`${base}/api/staff/events?access_token=${tokens.waiter}`, {
        client: CLIENT,
        place: PLACE,
      });
      await s.waitFor((m) => m.event === 'ready');
      const q = await ctx.db
        .insertInto('feedback_questions')
        .values({
          place_id: fx().cafe,
          text: 'Как беше?',
          translations: '{}',
          type: 'rating',
          position: 1,
          active: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      question = q.id;
    });
    afterAll(() => s?.close());

    async function feedbackEvent(body: Record<string, unknown>) {
      const before = s.messages.length;
      const res = await ctx.post('/api/feedback', body, { client: CLIENT, place: PLACE });
      expect(res.statusCode, res.body).toBe(201);
      await s.waitFor((m) => m.event === 'feedback.created' && s.messages.indexOf(m) >= before);
      const got = s.messages.slice(before).find((m) => m.event === 'feedback.created')!;
      return JSON.parse(got.data).feedback as Record<string, unknown>;
    }
    async function orderWithToken(type: number, token: string) {
      const id = await insertOrder(ctx.db, fx(), type, 'ordered');
      await ctx.db.updateTable('orders').set({ token }).where('id', '=', id).execute();
      return ctx.db.selectFrom('orders').select(['id', 'key']).where('id', '=', id).executeTakeFirstOrThrow();
    }

    ctx.test("feedback with a table order's token names the order and its table", async () => {
      const order = await orderWithToken(1, `fb-table-${ctx.dialect}`);
      const fb = await feedbackEvent({
        answers: [{ question_id: question, rating: 4 }],
        comment: 'Чудесно',
        name: 'Иван',
        token: `fb-table-${ctx.dialect}`,
      });
      expect(fb).toMatchObject({ order_id: order.id, order_key: order.key, table: '1', name: 'Иван' });
      expect(fb.answers).toEqual([
        { question_id: question, question: 'Как беше?', rating: 4, text: null },
        { question_id: null, question: null, rating: null, text: 'Чудесно' },
      ]);
    });

    ctx.test("a room-service order's feedback names the room; no token names no order", async () => {
      const order = await orderWithToken(6, `fb-room-${ctx.dialect}`);
      const room = await feedbackEvent({
        answers: [{ question_id: question, rating: 5 }],
        token: `fb-room-${ctx.dialect}`,
      });
      expect(room).toMatchObject({ order_id: order.id, order_key: order.key, table: '101' });
      const anonymous = await feedbackEvent({ comment: 'Без поръчка' });
      expect(anonymous).toMatchObject({ order_id: null, order_key: null, table: null, name: null });
      expect(anonymous.answers).toEqual([
        { question_id: null, question: null, rating: null, text: 'Без поръчка' },
      ]);
    });
  },
  { setup: async (db, dialect) => void seeds.set(dialect, await seedStaffFixture(db)) },
);
