/**
 * The ordering calls of spec §7: the five order payloads (55 s time-out), the table session check, the session's
 * orders (polled) and the bill request. Types come from the zod contracts (type-only imports).
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { queryOptions } from '@tanstack/react-query';
import type {
  StoreBillWantedBody,
  StoreBillWantedResponse,
  StoreChangeTableBody,
  StoreDeliveryOrderBody,
  StoreOrderResponse,
  StorePickupPlacesResponse,
  StorePreorderBody,
  StorePromoCheckBody,
  StorePromoCheckResponse,
  StoreRoomOrderBody,
  StoreServedOnSpotOrderBody,
  StoreSessionOrdersResponse,
  StoreSpotOrderBody,
  StoreTableSession,
  StoreTablesMenuResponse,
} from '@trapeza/domain/contracts/orders';
import { ORDER_REQUEST_TIMEOUT_MS } from '@trapeza/domain/tokens';
import { api, apiRequest } from '../../../lib/api-client.ts';

export type OrderRequest =
  | { type: 1; body: StoreSpotOrderBody }
  | { type: 2; body: StoreDeliveryOrderBody }
  | { type: 3; body: StorePreorderBody }
  | { type: 6; body: StoreRoomOrderBody }
  | { type: 7; body: StoreServedOnSpotOrderBody };

function orderPath(type: OrderRequest['type']): string {
  switch (type) {
    case ORDER_TYPES.SPOT:
      return 'orders';
    case ORDER_TYPES.DELIVERY:
      return `orders/delivery?t=${Date.now()}`;
    case ORDER_TYPES.PREORDER:
      return 'orders/preorder';
    case ORDER_TYPES.ROOM:
      return 'orders/room';
    case ORDER_TYPES.SERVED_ON_SPOT:
      return 'orders/served-on-spot';
  }
}

/** POST orders… for the order type; the answer is the order response of spec §3. */
export function placeOrder(place: string, request: OrderRequest, lang: string): Promise<StoreOrderResponse> {
  return apiRequest<StoreOrderResponse>(orderPath(request.type), {
    method: 'POST',
    body: request.body,
    place,
    headers: { lang },
    timeoutMs: ORDER_REQUEST_TIMEOUT_MS,
  });
}

/** GET orders/by_table_session/{token}?timestamp, polled about every 10 s while the orders tab is open. */
export const sessionOrdersQueryOptions = (place: string, token: string) =>
  queryOptions({
    queryKey: ['session-orders', place, token],
    queryFn: ({ signal }) =>
      api.get<StoreSessionOrdersResponse>(
        `orders/by_table_session/${encodeURIComponent(token)}?timestamp=${Date.now()}`,
        { place, signal },
      ),
    refetchInterval: 10_000,
    retry: false,
  });

/** PUT orders/by_table_session/{token}/bill_wanted with the payment method (spec §7). */
export const askForBill = (place: string, token: string, body: StoreBillWantedBody) =>
  apiRequest<StoreBillWantedResponse>(`orders/by_table_session/${encodeURIComponent(token)}/bill_wanted`, {
    method: 'PUT',
    body,
    place,
  });

/** GET pickup-places: the client's venues offering pickup (the pickup venue picker). */
export const pickupPlacesQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['pickup-places', place],
    queryFn: ({ signal }) => api.get<StorePickupPlacesResponse>('pickup-places', { place, signal }),
    staleTime: 5 * 60_000,
  });

/** POST promo-codes/check: the promo preview for the cart (the order call checks the code again). */
export const checkPromoCode = (place: string, body: StorePromoCheckBody) =>
  api.post<StorePromoCheckResponse>('promo-codes/check', body, { place });

/** GET tablesMenu: the place's tables and rooms, for change table. */
export const tablesMenuQueryOptions = (place: string) =>
  queryOptions({
    queryKey: ['tables-menu', place],
    queryFn: ({ signal }) => api.get<StoreTablesMenuResponse>('tablesMenu', { place, signal }),
    staleTime: 60_000,
  });

/** POST tables/change_table: moves the session (and its orders) to another table. */
export const changeTable = (place: string, body: StoreChangeTableBody) =>
  api.post<StoreTableSession>('tables/change_table', body, { place });
