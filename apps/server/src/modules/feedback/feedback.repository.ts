/** The only place with SQL for feedback questions and answers; every query takes the tenant's place id. */
import type { AppDatabase } from '../../db/database.ts';
import { requirePlaceModule } from '../places/place-modules.repository.ts';

export interface NewFeedbackAnswer {
  question_id: number | null;
  rating: number | null;
  text: string | null;
}

export function createFeedbackRepository(db: AppDatabase) {
  /** 403 `feedback_module_disabled` while the venue's feedback module is off. */
  async function requireModule(placeId: number): Promise<void> {
    await requirePlaceModule(db, placeId, 'feedback');
  }

  async function listActiveQuestions(placeId: number) {
    return db
      .selectFrom('feedback_questions')
      .select(['id', 'text', 'translations', 'type', 'position'])
      .where('place_id', '=', placeId)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** The latest order placed with this order token at the place, to link the feedback to. */
  async function latestOrderIdByToken(placeId: number, token: string): Promise<number | null> {
    const row = await db
      .selectFrom('orders')
      .select('id')
      .where('place_id', '=', placeId)
      .where('token', '=', token)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Stores every answer of one submission together. */
  async function insertAnswers(
    placeId: number,
    orderId: number | null,
    name: string | null,
    createdAt: string,
    answers: NewFeedbackAnswer[],
  ): Promise<void> {
    await db
      .insertInto('feedback_answers')
      .values(
        answers.map((a) => ({ ...a, place_id: placeId, order_id: orderId, name, created_at: createdAt })),
      )
      .execute();
  }

  return { requireModule, listActiveQuestions, latestOrderIdByToken, insertAnswers };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
