/**
 * Keeps this phone in the table's party (issue 19), mounted by the cart host while a shared table session is held:
 * joins the session's cart once (the guest key is kept per session), moves whatever the guest adds to the local
 * cart into the shared cart (the menu's add buttons stay as they are), and listens to the guest event stream so that
 * the cart and the bill reload within a second of a change on any phone (EventSource reconnects with Last-Event-ID:
 * what happened meanwhile is caught up).
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cartLines } from '@trapeza/domain/cart';
import type { StoreTableCart } from '@trapeza/domain/contracts/table-party';
import { config } from '../../../config.ts';
import { pageClient } from '../../../lib/page-brand.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { addTableLine, joinTable, tableCartQueryOptions } from '../api/table-party.ts';
import { readTableGuest, writeTableGuest, type TableGuest } from '../lib/table-guest.ts';

/** One join per session and page, however often the bridge remounts before the first answer arrives. */
const joining = new Map<string, Promise<TableGuest>>();
function joinOnce(place: string, session: string, again: boolean): Promise<TableGuest> {
  let p = again ? undefined : joining.get(session);
  if (!p) {
    p = joinTable(place, session, {}).then((r) => {
      const g = { id: r.guest.id, key: r.guest.guest_key };
      writeTableGuest(session, g);
      return g;
    });
    p.catch(() => joining.delete(session));
    joining.set(session, p);
  }
  return p;
}

export function TablePartyBridge({ place, session }: { place: string; session: string }) {
  const qc = useQueryClient();
  const [guest, setGuest] = useState<TableGuest | null>(() => readTableGuest(session));
  const [refused, setOff] = useState(false);
  const setSharedCount = useCartUiStore((s) => s.setSharedCount);
  const openCart = useCartUiStore((s) => s.openCart);
  const cartKey = tableCartQueryOptions(place, session, guest?.key ?? '');
  const cart = useQuery({ ...cartKey, enabled: !!guest && !refused });
  const status = cart.error instanceof ApiRequestError ? cart.error.status : null;
  // 409: a kiosk / tablet session (no sharing); 403: a guest the server does not know (join again).
  const off = refused || status === 409;
  const needsJoin = !guest || status === 403;
  const localCart = useCartStore((s) => s.cart);
  const pushing = useRef(false);

  useEffect(() => {
    if (!needsJoin || off) return;
    let cancelled = false;
    joinOnce(place, session, status === 403)
      .then((g) => {
        if (!cancelled) setGuest(g);
      })
      .catch((e: unknown) => {
        if (!cancelled && e instanceof ApiRequestError && e.status === 409) setOff(true);
      });
    return () => {
      cancelled = true;
    };
  }, [needsJoin, off, place, session, status]);

  const count = cart.data ? cart.data.lines.reduce((n, l) => n + l.quantity, 0) : null;
  useEffect(() => {
    setSharedCount(off ? null : count);
  }, [count, off, setSharedCount]);
  useEffect(() => () => setSharedCount(null), [setSharedCount]);

  // Lines added on this phone go to the table's cart, then leave the local one.
  const version = cart.data?.version;
  useEffect(() => {
    if (!guest || version === undefined || off || pushing.current) return;
    const lines = cartLines(localCart);
    if (lines.length === 0) return;
    pushing.current = true;
    const comments = useCartStore.getState().comments;
    void (async () => {
      let v = version;
      for (const line of lines) {
        for (let attempt = 0; attempt < 4; attempt += 1) {
          try {
            const next = await addTableLine(place, session, {
              guest_key: guest.key,
              version: v,
              product_id: line.product_id,
              product_variant_id: line.product_variant_id,
              quantity: line.quantity,
              ingredients: line.ingredients,
              comment: comments.find((c) => c.variantId === line.product_variant_id)?.comment ?? null,
            });
            v = next.version;
            qc.setQueryData(cartKey.queryKey, next);
            break;
          } catch (e) {
            const current =
              e instanceof ApiRequestError ? (e.body as { cart?: StoreTableCart } | null)?.cart : null;
            if (!current) throw e;
            v = current.version;
          }
        }
      }
      useCartStore.getState().setCart({}, []);
    })()
      .catch(() => undefined)
      .finally(() => {
        pushing.current = false;
      });
  }, [localCart, guest, version, off, place, session, qc, cartKey.queryKey]);

  useEffect(() => {
    if (off) return;
    const url = `${config.apiBase}/orders/by_table_session/${encodeURIComponent(session)}/events?${new URLSearchParams({ client: pageClient(), place })}`;
    const source = new EventSource(url);
    const reloadCart = () => void qc.invalidateQueries({ queryKey: ['table-cart', place, session] });
    const reloadBill = () => void qc.invalidateQueries({ queryKey: ['table-bill', place, session] });
    source.addEventListener('table.cart_changed', reloadCart);
    source.addEventListener('table.bill_changed', reloadBill);
    source.addEventListener('order.created', reloadBill);
    source.addEventListener('order.status_changed', reloadBill);
    return () => source.close();
  }, [off, place, session, qc]);

  // Back from the payment provider: show the bill.
  useEffect(() => {
    if (new URLSearchParams(location.search).get('bill') === '1') openCart('bill');
  }, [openCart]);

  return null;
}
