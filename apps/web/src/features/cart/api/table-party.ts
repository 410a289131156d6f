/**
 * The table party's calls (issue 19; contracts/table-party.ts): join the table's shared cart, change it, send it
 * once, read the bill and take a share. The session token is the key; `guest_key` says which guest acts.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  StoreAddTableCartLineBody,
  StoreJoinTableResponse,
  StoreSendTableCartResponse,
  StoreTableBill,
  StoreTableCart,
  StoreTakeShareBody,
  StoreTakeShareResponse,
} from '@trapeza/domain/contracts/table-party';
import { api, apiRequest } from '../../../lib/api-client.ts';

const base = (session: string) => `tables/sessions/${encodeURIComponent(session)}`;

export const joinTable = (
  place: string,
  session: string,
  body: { guest_key?: string | null; name?: string | null },
) => api.post<StoreJoinTableResponse>(`${base(session)}/guests`, body, { place });

export const tableCartQueryOptions = (place: string, session: string, guestKey: string) =>
  queryOptions({
    queryKey: ['table-cart', place, session],
    queryFn: () =>
      api.get<StoreTableCart>(`${base(session)}/cart?guest_key=${encodeURIComponent(guestKey)}`, { place }),
  });

export const tableBillQueryOptions = (place: string, session: string) =>
  queryOptions({
    queryKey: ['table-bill', place, session],
    queryFn: () => api.get<StoreTableBill>(`${base(session)}/bill`, { place }),
  });

export const addTableLine = (
  place: string,
  session: string,
  body: Omit<StoreAddTableCartLineBody, 'quantity' | 'ingredients'> &
    Partial<Pick<StoreAddTableCartLineBody, 'quantity' | 'ingredients'>>,
) => api.post<StoreTableCart>(`${base(session)}/cart/lines`, body, { place });

export const changeTableLine = (
  place: string,
  session: string,
  lineId: number,
  body: { guest_key: string; version: number; quantity: number; private?: 0 | 1 },
) => apiRequest<StoreTableCart>(`${base(session)}/cart/lines/${lineId}`, { method: 'PATCH', body, place });

/** POST …/cart/send in the guest's language (`lang`): a refusal's message_trans is shown as is (anon_user_banned…). */
export const sendTableCart = (
  place: string,
  session: string,
  body: { guest_key: string; version: number; userDeviceData?: string },
  lang: string,
) => api.post<StoreSendTableCartResponse>(`${base(session)}/cart/send`, body, { place, headers: { lang } });

export const takeShare = (place: string, session: string, body: StoreTakeShareBody) =>
  api.post<StoreTakeShareResponse>(`${base(session)}/bill/shares`, body, { place });
