/**
 * Cart drawer (spec §2): the cart and orders tabs. Cart: lines with quantity +/− and remove, the order comment
 * (≤ 500), the displayed totals (domain engine), the ordering window's message, and the Order button ('save for
 * order' in tablet mode; none in spot browse), which offers related products first (upselling) and then opens the
 * order modal. Orders: the table session's orders and the bill.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { lazy, Suspense, useMemo, useState } from 'react';
import { peekOrderDraft } from '../lib/order-draft.ts';
import { useTranslation } from 'react-i18next';
import { cartItemCount, cartLines, createCartLine, MAX_COMMENT_LENGTH } from '@trapeza/domain/cart';
import { validateComment } from '@trapeza/domain/validation';
import type { StoreProduct } from '@trapeza/domain/contracts/menu';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs, tabPanelProps } from '../../../components/ui/tabs.tsx';
import { useCartStore, useCartUiStore, type CartTab } from '../../../stores/cart-store.ts';
import { useOrderTotal } from '../hooks/use-order-total.ts';
import type { CartContext } from '../hooks/use-cart-context.ts';
import { orderingClosedText } from '../lib/ordering-window.ts';
import { CartLines } from './cart-lines.tsx';
import { MyOrders } from './my-orders.tsx';
import { OrderSummary } from './order-summary.tsx';
import { useTableParty } from '../hooks/use-table-party.ts';
import { UpsellModal } from './upsell-modal.tsx';

// At a shared table (issue 19): the table's cart and its bill, each a chunk of its own.
const SharedCart = lazy(() => import('./shared-cart.tsx').then((m) => ({ default: m.SharedCart })));
const TableBill = lazy(() => import('./table-bill.tsx').then((m) => ({ default: m.TableBill })));
const OrderModal = lazy(() => import('./order-modal.tsx').then((m) => ({ default: m.OrderModal })));

const RELATED_LIMIT = 4;

export function CartDrawer({ ctx, tab }: { ctx: CartContext; tab: CartTab }) {
  const { t } = useTranslation();
  const { venue, menu, raw } = ctx;
  const { cart, comments, orderComment, setCart, setOrderComment, add } = useCartStore();
  const { openCart, closeCart } = useCartUiStore();
  // Back from the login detour with a kept order form (issue 24 #4): straight to it.
  const [step, setStep] = useState<'cart' | 'upsell' | 'order'>(() =>
    cartItemCount(cart) > 0 && peekOrderDraft(venue.place) ? 'order' : 'cart',
  );
  const [upsold, setUpsold] = useState(false);
  const orderType = venue.ctx.orderType ?? 1;
  const view = useOrderTotal(ctx, cart, { orderType });
  const count = cartItemCount(cart);
  const spotBrowse = venue.ctx.orderType === ORDER_TYPES.SPOT_BROWSE;
  const closed = orderingClosedText(venue.settings, raw, venue.lang, t);
  const commentProblem = validateComment(orderComment)[0];
  const party = useTableParty(venue.place);

  const upsell = useMemo(() => {
    const inCart = new Set(cartLines(cart).map((l) => l.product_id));
    const out: StoreProduct[] = [];
    for (const line of cartLines(cart)) {
      for (const id of menu.productById.get(line.product_id)?.related_products ?? []) {
        const p = menu.productById.get(id);
        if (p && !inCart.has(id) && p.in_stock !== 0 && p.type !== 'booking' && !out.includes(p)) out.push(p);
      }
    }
    return out.slice(0, RELATED_LIMIT);
  }, [cart, menu]);

  const startOrder = () => {
    if (!upsold && upsell.length > 0) {
      setUpsold(true);
      setStep('upsell');
    } else setStep('order');
  };

  if (step === 'upsell') {
    return (
      <UpsellModal
        products={upsell}
        lang={venue.lang}
        currency={venue.currency}
        onAdd={(p) => {
          const variant = p.product_variants[0];
          if (variant) add(createCartLine(p, variant, { now: new Date(), ingredients: ctx.ingredientMap }));
        }}
        onContinue={() => setStep('order')}
      />
    );
  }
  if (step === 'order') {
    return (
      <Suspense fallback={null}>
        <OrderModal ctx={ctx} onClose={() => setStep('cart')} />
      </Suspense>
    );
  }

  return (
    <Modal open title={t('cart.title')} onClose={closeCart} wide>
      <Tabs
        id="cart"
        label={t('cart.title')}
        selected={tab}
        onSelect={(id) => openCart(id)}
        items={[
          {
            id: 'cart' as const,
            label: t('cart.cartTab', {
              count: party.cart ? party.cart.lines.reduce((n, l) => n + l.quantity, 0) : count,
            }),
          },
          { id: 'orders' as const, label: t('cart.ordersTab') },
          ...(party.shared ? [{ id: 'bill' as const, label: t('cart.party.billTab') }] : []),
        ]}
      />
      <div {...tabPanelProps('cart', tab)} className="stack">
        {tab === 'orders' ? (
          <MyOrders ctx={ctx} />
        ) : tab === 'bill' && party.shared && party.guest ? (
          <Suspense fallback={null}>
            <TableBill ctx={ctx} session={party.session} guest={party.guest} />
          </Suspense>
        ) : party.shared && party.guest && party.cart && count === 0 ? (
          <Suspense fallback={null}>
            <SharedCart ctx={ctx} session={party.session} guest={party.guest} cart={party.cart} />
          </Suspense>
        ) : count === 0 ? (
          <div className="empty-state">
            <span className="empty-state-icon" aria-hidden="true">
              🛒
            </span>
            <p>{t('cart.empty')}</p>
            <button type="button" className="button button-secondary" onClick={closeCart}>
              {t('cart.emptyAction')}
            </button>
          </div>
        ) : (
          <>
            <CartLines
              cart={cart}
              comments={comments}
              ingredientMap={ctx.ingredientMap}
              view={view}
              lang={venue.lang}
              currency={venue.currency}
              onChange={setCart}
            />
            <div className="field">
              <label htmlFor="order-comment">{t('cart.orderComment')}</label>
              <textarea
                id="order-comment"
                rows={2}
                maxLength={MAX_COMMENT_LENGTH}
                value={orderComment}
                onChange={(e) => setOrderComment(e.target.value)}
                aria-invalid={commentProblem ? true : undefined}
              />
              <small>
                {commentProblem
                  ? t(`cart.validation.${commentProblem}`)
                  : t('cart.commentHint', { max: MAX_COMMENT_LENGTH })}
              </small>
            </div>
            <OrderSummary view={view} currency={venue.currency} lang={venue.lang} />
            {spotBrowse ? (
              <p className="muted">{t('cart.browseOnly')}</p>
            ) : closed ? (
              <p role="alert" className="alert">
                {closed}
              </p>
            ) : (
              <button
                type="button"
                className="button button-block"
                onClick={startOrder}
                disabled={!!commentProblem}
              >
                {venue.ctx.tabletMode ? t('cart.saveForOrder') : t('cart.order')}
              </button>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
