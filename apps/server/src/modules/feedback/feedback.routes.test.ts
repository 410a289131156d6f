/** Feedback calls through the real app on SQLite and PostgreSQL. */
import { expect } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/harness.ts';
import type { DialectName } from '../../db/database.ts';
import { CLIENT, seedOrderFixture, type OrderFixture } from '../orders/orders.fixtures.ts';

const fixtures = new Map<DialectName, OrderFixture>();

describeEachDatabase(
  'feedback routes',
  (ctx: TestContext) => {
    const fx = () => fixtures.get(ctx.dialect)!;

    ctx.test('GET feedback/questions lists the active questions in order', async () => {
      const res = await ctx.get('/api/feedback/questions', { client: CLIENT, place: 'bistro' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          id: fx().questions.rating,
          text: 'Как беше храната?',
          translations: { en: { text: 'Как беше храната? (en)' } },
          type: 'rating',
          position: 1,
        },
        {
          id: fx().questions.text,
          text: 'Нещо друго?',
          translations: { en: { text: 'Нещо друго? (en)' } },
          type: 'text',
          position: 2,
        },
      ]);
    });

    ctx.test(
      'the feedback module off: questions and answers refused 403 feedback_module_disabled',
      async () => {
        await ctx.db
          .updateTable('places')
          .set({ functionality_modules: '[]' })
          .where('id', '=', fx().hotel)
          .execute();
        const hotel = await ctx.get('/api/feedback/questions', { client: CLIENT, place: 'hotel' });
        expect(hotel.statusCode).toBe(403);
        expect(hotel.json()).toMatchObject({ code: 'feedback_module_disabled' });
        const post = await ctx.post(
          '/api/feedback',
          { answers: [], comment: 'Hello', name: 'Ann' },
          { client: CLIENT, place: 'hotel' },
        );
        expect(post.statusCode).toBe(403);
        expect(post.json()).toMatchObject({ code: 'feedback_module_disabled' });
        const stored = await ctx.db
          .selectFrom('feedback_answers')
          .select('id')
          .where('place_id', '=', fx().hotel)
          .execute();
        expect(stored).toEqual([]);
        // Switched on again (as the admin's switch does): answered at once, no cache in between.
        await ctx.db
          .updateTable('places')
          .set({ functionality_modules: JSON.stringify(['feedback']) })
          .where('id', '=', fx().hotel)
          .execute();
        const on = await ctx.get('/api/feedback/questions', { client: CLIENT, place: 'hotel' });
        expect(on.statusCode).toBe(200);
        expect(on.json()).toEqual([]);
      },
    );

    ctx.test('POST feedback stores the answers and the review comment', async () => {
      const f = fx();
      const res = await ctx.post(
        '/api/feedback',
        {
          answers: [
            { question_id: f.questions.rating, rating: 5 },
            { question_id: f.questions.text, text: 'Браво!' },
          ],
          comment: 'Ще дойдем пак',
          name: 'Мария',
        },
        { client: CLIENT, place: 'bistro' },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ saved: 3 });
      const rows = await ctx.db
        .selectFrom('feedback_answers')
        .select(['question_id', 'rating', 'text', 'name'])
        .where('place_id', '=', f.bistro)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { question_id: f.questions.rating, rating: 5, text: null, name: 'Мария' },
        { question_id: f.questions.text, rating: null, text: 'Браво!', name: 'Мария' },
        { question_id: null, rating: null, text: 'Ще дойдем пак', name: 'Мария' },
      ]);
    });

    ctx.test('POST feedback refuses missing ratings, foreign questions and empty submissions', async () => {
      const f = fx();
      const missing = await ctx.post(
        '/api/feedback',
        { answers: [{ question_id: f.questions.rating }] },
        { client: CLIENT, place: 'bistro' },
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([{ field: 'answers.0.rating', code: 'rating_required' }]);
      const foreign = await ctx.post(
        '/api/feedback',
        { answers: [{ question_id: f.questions.rating, rating: 4 }] },
        { client: CLIENT, place: 'hotel' },
      );
      expect(foreign.json().errors).toEqual([{ field: 'answers.0.question_id', code: 'unknown_question' }]);
      const empty = await ctx.post('/api/feedback', { answers: [] }, { client: CLIENT, place: 'bistro' });
      expect(empty.json().errors).toEqual([{ field: 'answers', code: 'feedback_empty' }]);
    });
  },
  {
    setup: async (db, dialect) => {
      fixtures.set(dialect, await seedOrderFixture(db));
    },
  },
);
