/** GET promotions (spec §2 promotions screen): the venue's current promotions; empty while the module is off. */
import { queryOptions } from '@tanstack/react-query';
import type { StorePromotion } from '@trapeza/domain/contracts/menu';
import { api } from '../../../lib/api-client.ts';

export const promotionsQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['promotions', place],
    queryFn: () => api.get<StorePromotion[]>('promotions', { place }),
  });
