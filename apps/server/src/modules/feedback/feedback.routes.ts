/** Feedback calls (designed): GET feedback/questions, POST feedback. Parse, ask the service, answer. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StoreFeedbackBody,
  StoreFeedbackQuestionsResponse,
  StoreFeedbackResponse,
  StoreOrderError,
} from '@trapeza/domain/contracts/orders';
import { PlaceHeaders } from '../../lib/request-context.ts';
import { answerLanguage } from '../orders/order-error.ts';
import { createFeedbackRepository } from './feedback.repository.ts';
import { createFeedbackService } from './feedback.service.ts';

const errors = {
  400: StoreOrderError.describe(
    'invalid_order_data with field codes (unknown_question, rating_required, text_required, comment_too_long, feedback_empty)',
  ),
  403: StoreOrderError.describe('feedback_module_disabled: the venue has switched its feedback module off'),
  404: StoreOrderError.describe('Unknown client or place'),
};

/** Routes under /api; builds its service from the app's database and clock. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createFeedbackService({
    repo: createFeedbackRepository(app.database.db),
    notifier: app.staffNotifier ?? null,
  });
  const config = { tenancy: 'place' } as const;
  const tags = ['feedback'];

  app.get(
    '/feedback/questions',
    {
      config,
      schema: {
        tags,
        summary: "The venue's active feedback questions ('rating' 1–5 or 'text')",
        headers: PlaceHeaders,
        response: { 200: StoreFeedbackQuestionsResponse, ...errors },
      },
    },
    async (request) => service.questions(request.tenant.placeId),
  );

  app.post(
    '/feedback',
    {
      config,
      schema: {
        tags,
        summary:
          'Answers to the questions and an optional review comment; linked to the latest order of the token',
        headers: PlaceHeaders,
        body: StoreFeedbackBody,
        response: { 201: StoreFeedbackResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await service.submit(request.body, {
          placeId: request.tenant.placeId,
          now: app.clock.now(),
          lang: answerLanguage(request.headers),
        }),
      ),
  );
};
