/**
 * Guest feedback (designed; spec §1 "leave feedback", §8 "thanks for feedback"): the venue's questions (a 1–5
 * rating or a text each) and a free comment as a customer review, linked to the guest's latest order when the
 * order token is given.
 */
import { MAX_COMMENT_LENGTH } from '@trapeza/domain/cart';
import type {
  StoreFeedbackBody,
  StoreFeedbackQuestionsResponse,
  StoreFeedbackResponse,
} from '@trapeza/domain/contracts/orders';
import type { StoreFieldError } from '@trapeza/domain/contracts/orders';
import { validationError, type Lang } from '../orders/order-error.ts';
import type { FeedbackRepository, NewFeedbackAnswer } from './feedback.repository.ts';
import type { StaffNotifier } from '../../plugins/events.ts';

function parseTranslations(json: string): Record<string, Record<string, string>> {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, Record<string, string>>)
      : {};
  } catch {
    return {};
  }
}

export function createFeedbackService(deps: { repo: FeedbackRepository; notifier?: StaffNotifier | null }) {
  const { repo } = deps;
  const notifier = deps.notifier ?? null;

  /** GET feedback/questions: the active questions in their order (403 while the feedback module is off). */
  async function questions(placeId: number): Promise<StoreFeedbackQuestionsResponse> {
    await repo.requireModule(placeId);
    const rows = await repo.listActiveQuestions(placeId);
    return rows.map((q) => ({
      id: q.id,
      text: q.text,
      translations: parseTranslations(q.translations),
      type: q.type === 'text' ? 'text' : 'rating',
      position: q.position,
    }));
  }

  /** POST feedback: checks each answer against its question, then stores them together (module on only). */
  async function submit(
    body: StoreFeedbackBody,
    ctx: { placeId: number; now: Date; lang: Lang },
  ): Promise<StoreFeedbackResponse> {
    await repo.requireModule(ctx.placeId);
    const questions = new Map((await repo.listActiveQuestions(ctx.placeId)).map((q) => [q.id, q]));
    const errors: StoreFieldError[] = [];
    const rows: NewFeedbackAnswer[] = [];
    const tooLong = (t: string) => [...t].length > MAX_COMMENT_LENGTH;
    body.answers.forEach((a, i) => {
      const q = questions.get(a.question_id);
      const text = a.text?.trim() || null;
      if (!q) errors.push({ field: `answers.${i}.question_id`, code: 'unknown_question' });
      else if (q.type === 'rating' && a.rating == null)
        errors.push({ field: `answers.${i}.rating`, code: 'rating_required' });
      else if (q.type === 'text' && !text) errors.push({ field: `answers.${i}.text`, code: 'text_required' });
      else if (text && tooLong(text)) errors.push({ field: `answers.${i}.text`, code: 'comment_too_long' });
      else rows.push({ question_id: q.id, rating: q.type === 'rating' ? (a.rating ?? null) : null, text });
    });
    const comment = body.comment?.trim() || null;
    if (comment && tooLong(comment)) errors.push({ field: 'comment', code: 'comment_too_long' });
    else if (comment) rows.push({ question_id: null, rating: null, text: comment });
    if (errors.length === 0 && rows.length === 0) errors.push({ field: 'answers', code: 'feedback_empty' });
    if (errors.length > 0) throw validationError(errors);
    const orderId = body.token ? await repo.latestOrderIdByToken(ctx.placeId, body.token) : null;
    await repo.insertAnswers(ctx.placeId, orderId, body.name?.trim() || null, ctx.now.toISOString(), rows);
    notifier?.feedbackGiven(ctx.placeId, {
      orderId,
      name: body.name?.trim() || null,
      createdAt: ctx.now.toISOString(),
      answers: rows,
    });
    return { saved: rows.length };
  }

  return { questions, submit };
}
