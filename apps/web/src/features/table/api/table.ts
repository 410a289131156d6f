/** Table calls (spec §7, designed ones documented in contracts/orders.ts): QR entry, waiter call, feedback. */
import { queryOptions } from '@tanstack/react-query';
import type {
  DeviceMode,
  StoreFeedbackBody,
  StoreFeedbackQuestionsResponse,
  StoreFeedbackResponse,
  StoreTableSession,
  StoreUserNeedBody,
  StoreUserNeedResponse,
} from '@trapeza/domain/contracts/orders';
import { api } from '../../../lib/api-client.ts';

/** POST tables/verify_token: opens the table or room session of a QR code (a device mode needs a staff login). */
export const verifyToken = (place: string, token: string, mode: DeviceMode | null = null) =>
  api.post<StoreTableSession>(
    'tables/verify_token',
    { token, placeSlug: place, ...(mode ? { mode } : {}) },
    { place },
  );

/** POST user-needs: a waiter call with one of the presets of spec §9. */
export const sendUserNeed = (place: string, body: StoreUserNeedBody) =>
  api.post<StoreUserNeedResponse>('user-needs', body, { place });

export const feedbackQuestionsQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['feedback-questions', place],
    queryFn: () => api.get<StoreFeedbackQuestionsResponse>('feedback/questions', { place }),
    staleTime: 5 * 60_000,
  });

export const sendFeedback = (place: string, body: StoreFeedbackBody) =>
  api.post<StoreFeedbackResponse>('feedback', body, { place });
