/** GET users/orders: the signed-in user's orders at the place, newest first (spec §3 order-list columns). */
import { queryOptions } from '@tanstack/react-query';
import type { StoreUserOrdersResponse } from '@trapeza/domain/contracts/users';
import { api } from '../../../lib/api-client.ts';

const getUserOrders = (place: string) => api.get<StoreUserOrdersResponse>('users/orders', { place });

/** Keyed by the user as well, so one user never sees another's cached list on a shared device. */
export const userOrdersQueryOptions = (place: string, userId: number) =>
  queryOptions({
    queryKey: ['account', 'orders', place, userId],
    queryFn: () => getUserOrders(place),
    staleTime: 30_000,
  });
