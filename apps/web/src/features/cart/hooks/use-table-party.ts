/**
 * Whether this phone is at a shared table (issue 19) and, if so, its guest and the table's cart. A table session
 * opened by a plain QR scan is shared; rooms, tablet and kiosk devices keep their own cart (the server agrees:
 * shared_cart_not_available). The join itself is the bridge's (table-party-bridge.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { isKioskDevice } from '../../../lib/order-token-cookie.ts';
import { useSessionStore, type OrderTokenCookie } from '../../../stores/session-store.ts';
import { tableCartQueryOptions } from '../api/table-party.ts';
import { readTableGuest } from '../lib/table-guest.ts';

/** A token that opens a shared cart: a table (not a room) scanned without a device mode. */
function isSharedTableToken(token: OrderTokenCookie | null | undefined): token is OrderTokenCookie {
  return (
    !!token && token.table != null && token.room_number == null && !token.tablet_mode && !isKioskDevice()
  );
}

export function useTableParty(place: string) {
  const token = useSessionStore((s) => (s.orderToken?.place === place ? s.orderToken : null));
  const shared = isSharedTableToken(token);
  const session = shared ? token.token : '';
  const guest = shared ? readTableGuest(session) : null;
  const cart = useQuery({ ...tableCartQueryOptions(place, session, guest?.key ?? ''), enabled: !!guest });
  return { shared: shared && !!guest && cart.isSuccess, session, guest, cart: cart.data ?? null };
}
