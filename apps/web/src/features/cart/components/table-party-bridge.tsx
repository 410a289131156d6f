/**
 * Keeps this phone in the table's party (issue 19), mounted by the cart host while a shared table session is held:
 * joins the session's cart once (the guest key is kept per session), moves whatever the guest adds to the local
 * cart into the shared cart (the menu's add buttons stay as they are), and listens to the guest event stream so that
 * the cart and the bill reload within a second of a change on any phone (EventSource reconnects with Last-Event-ID:
 * what happened meanwhile is caught up). A line the server will not take (a product gone or of another venue) gets
 * the order call's §8 reaction and message.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cartLineKey, cartLines, setCartLineQuantity, type CartLine } from '@trapeza/domain/cart';
import type { StoreTableCart } from '@trapeza/domain/contracts/table-party';
import { config } from '../../../config.ts';
import { pageClient } from '../../../lib/page-brand.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { addTableLine, joinTable, tableCartQueryOptions } from '../api/table-party.ts';
import { cartBundle } from '../i18n/loaders.ts';
import { setFlash } from '../lib/device.ts';
import { reactToOrderError } from '../lib/order-errors.ts';
import { readTableGuest, writeTableGuest, type TableGuest } from '../lib/table-guest.ts';

/**
 * The id of each line's push into the table's cart, kept in sessionStorage (per session, line and quantity) until the
 * line has left this phone: a page unload after the server took the line but before it left the local cart sends
 * it again on the next load with the same id, and the server adds it once (table_cart_pushes).
 */
function pushIdFor(session: string, lineKey: string, quantity: number): string {
  const storageKey = `table_push_ids_${session}`;
  let ids: Record<string, { id: string; quantity: number }> = {};
  try {
    ids = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as typeof ids;
  } catch {
    // unreadable: new ids
  }
  const kept = ids[lineKey];
  if (kept && kept.quantity === quantity) return kept.id;
  // (getRandomValues works on a plain-http LAN address too, where randomUUID does not.)
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  ids[lineKey] = { id, quantity };
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(ids));
  } catch {
    // storage off: the push still goes, without the protection against a second send
  }
  return id;
}

function forgetPushId(session: string, lineKey: string): void {
  const storageKey = `table_push_ids_${session}`;
  try {
    const ids = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    delete ids[lineKey];
    sessionStorage.setItem(storageKey, JSON.stringify(ids));
  } catch {
    // nothing kept
  }
}

/** Sessions whose local lines are being moved into the table's cart right now (one push at a time per session). */
const pushingSessions = new Set<string>();

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
  useFeatureTranslations('cart', cartBundle);
  const { t } = useTranslation();
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
  const [problem, setProblem] = useState<string | null>(null);

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

  // Lines added on this phone go to the table's cart, then leave the local one — each line as soon as the table has
  // it, so that a bridge mounted again meanwhile (a route change) finds only what is still to go, and one push per
  // session at a time (`pushingSessions`, not a ref: a ref is per mount) never sends a line twice.
  const version = cart.data?.version;
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!guest || version === undefined || off || pushingSessions.has(session)) return;
    const lines = cartLines(localCart);
    if (lines.length === 0) return;
    pushingSessions.add(session);
    const comments = useCartStore.getState().comments;
    /** Takes `quantity` of the line out of the local cart (whatever else was added meanwhile stays). */
    const takeOut = (line: CartLine, quantity: number) => {
      const store = useCartStore.getState();
      const key = cartLineKey(line);
      const now = cartLines(store.cart).find((l) => cartLineKey(l) === key);
      if (!now) return;
      const next = setCartLineQuantity(store.cart, key, now.quantity - quantity);
      store.setCart(
        next,
        store.comments.filter((c) => next[String(c.variantId)] !== undefined),
      );
    };
    let progressed = false;
    void (async () => {
      let v = version;
      for (const line of lines) {
        const lineKey = cartLineKey(line);
        const pushId = pushIdFor(session, lineKey, line.quantity);
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
              push_id: pushId,
            });
            v = next.version;
            qc.setQueryData(cartKey.queryKey, next);
            takeOut(line, line.quantity);
            forgetPushId(session, lineKey);
            progressed = true;
            break;
          } catch (e) {
            const current =
              e instanceof ApiRequestError ? (e.body as { cart?: StoreTableCart } | null)?.cart : null;
            if (current) {
              v = current.version;
              continue;
            }
            // No answer: the lines stay on this phone and go on the next change.
            if (!(e instanceof ApiRequestError) || e.kind === 2) throw e;
            // The line cannot join the table's cart (the order call's §8 answer: a product that is gone, or of
            // another venue): the same reaction as when ordering — it leaves the cart, with the message.
            const store = useCartStore.getState();
            setProblem(
              reactToOrderError(e, t, {
                cart: store.cart,
                setCart: (next) => store.setCart(next),
                clearCart: () => store.clear(),
                reloadWithMessage: (text) => {
                  setFlash(text);
                  window.location.reload();
                },
                openLogin: () => undefined,
                sessionLost: () => undefined,
              }).message,
            );
            takeOut(line, line.quantity);
            forgetPushId(session, lineKey);
            progressed = true;
            break;
          }
        }
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        pushingSessions.delete(session);
        // Lines added while this push ran go next (not after a failure without an answer: no busy loop).
        if (progressed) setRound((r) => r + 1);
      });
  }, [localCart, guest, version, off, place, session, qc, cartKey.queryKey, t, round]);

  useEffect(() => {
    if (off) return;
    const url = `${config.apiBase}/orders/by_table_session/${encodeURIComponent(session)}/events?${new URLSearchParams({ client: pageClient(), place })}`;
    const source = new EventSource(url);
    const reloadCart = () => void qc.invalidateQueries({ queryKey: ['table-cart', place, session] });
    const reloadBill = () => void qc.invalidateQueries({ queryKey: ['table-bill', place, session] });
    // Each (re)connection reads the cart and bill afresh: whatever changed while this phone did not hear the table
    // (a stream that never connected, or a gap longer than the server keeps) is caught up as well.
    source.addEventListener('open', () => {
      reloadCart();
      reloadBill();
    });
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

  return problem ? (
    <div className="flash alert" role="alert">
      <p data-testid="order-error">{problem}</p>
      <button type="button" className="button button-secondary" onClick={() => setProblem(null)}>
        OK
      </button>
    </div>
  ) : null;
}
