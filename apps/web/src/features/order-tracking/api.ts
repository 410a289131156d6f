/**
 * The order tracking page's data (issue 24 #6): GET orders/track/{tracking_token}, and the order's live status from
 * its event stream (`…/events`, the same guest stream the table's phones hear, narrowed to this one order). The
 * server inlines the first answer into the page (web-first-screen.ts) under this query's key.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { StoreOrderTracking } from '@trapeza/domain/contracts/orders';
import { api } from '../../lib/api-client.ts';
import { config } from '../../config.ts';
import { readFirstScreenData, type FirstScreenData } from '../../lib/first-screen-data.ts';
import { pageClient } from '../../lib/page-brand.ts';

/**
 * Puts the order the server inlined into the page (web-first-screen.ts) into the cache, when it is this brand's,
 * place's and order's: the first render then matches the server's HTML. Here rather than in the entry's
 * seedFirstScreen, to keep the entry within the first-visit budget. The server renderer passes its `data`.
 */
export function seedInlinedTracking(
  qc: QueryClient,
  place: string,
  trackingToken: string,
  data: FirstScreenData | null = typeof document === 'undefined' ? null : readFirstScreenData(),
  client: string = pageClient(),
): void {
  const key = orderTrackingQueryOptions(place, trackingToken).queryKey;
  if (!data || data.client !== client || data.place !== place) return;
  // Inlined for this page's URL only.
  if (
    typeof location !== 'undefined' &&
    decodeURIComponent(location.pathname.split('/')[3] ?? '') !== trackingToken
  )
    return;
  // A key the server found no order for: the page says so from its first render (never "loading").
  if (data.trackingNotFound === trackingToken)
    qc.setQueryData(trackingNotFoundKey(place, trackingToken), true);
  if (!data.tracking || qc.getQueryData(key)) return;
  if ((data.tracking as StoreOrderTracking).key === undefined) return;
  qc.setQueryData(key, data.tracking as StoreOrderTracking, {
    updatedAt: Math.min(Date.now(), data.at) || Date.now(),
  });
}

/** The cache key that holds `true` when the server found no order for the page's tracking key. */
export const trackingNotFoundKey = (place: string, trackingToken: string) =>
  ['order-tracking-not-found', place, trackingToken] as const;

export const orderTrackingQueryOptions = (place: string, trackingToken: string) =>
  queryOptions({
    queryKey: ['order-tracking', place, trackingToken],
    queryFn: ({ signal }) =>
      api.get<StoreOrderTracking>(`orders/track/${encodeURIComponent(trackingToken)}`, { place, signal }),
    // The stream tells each change at once; a slow poll covers a stream a proxy keeps from connecting.
    refetchInterval: 30_000,
    retry: false,
  });

/** The order's event stream URL (EventSource sends no headers: tenancy in the query). */
export function orderTrackingEventsUrl(client: string, place: string, trackingToken: string): string {
  return `${config.apiBase}/orders/track/${encodeURIComponent(trackingToken)}/events?${new URLSearchParams({ client, place })}`;
}
