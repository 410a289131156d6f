/**
 * The sticky cart bar (issue 21 #3): once the cart has something, the item count and the total stay in view at the
 * bottom of every page, one tap from the cart. Its own chunk, loaded only when the cart is not empty; drawn into the
 * place layout's bottom dock, above the table bar. The total is the cart's own (the domain engine, as the drawer
 * shows it before an order type is chosen).
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { useTranslation } from 'react-i18next';
import { cartItemCount } from '@trapeza/domain/cart';
import { Price } from '../../../components/ui/price.tsx';
import { useLazyOpener } from '../../../hooks/use-lazy-opener.ts';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { useCartContext } from '../hooks/use-cart-context.ts';
import { useOrderTotal } from '../hooks/use-order-total.ts';
import { cartBundle } from '../i18n/loaders.ts';

export function CartBar({ loadCartScreens }: { loadCartScreens: () => Promise<unknown> }) {
  useFeatureTranslations('cart', cartBundle);
  const { t } = useTranslation();
  const ctx = useCartContext();
  const cart = useCartStore((s) => s.cart);
  const openCart = useCartUiStore((s) => s.openCart);
  const view = useOrderTotal(ctx, cart, { orderType: ctx.venue.ctx.orderType ?? 1 });
  const count = cartItemCount(cart);
  // The cart's screens load on demand (an add does not ask for them): a tap before they are there is held, busy.
  const opener = useLazyOpener(loadCartScreens, () => openCart('cart'));
  // Spot browse (order type 4) looks without ordering: no cart to go to.
  if (count === 0 || ctx.venue.ctx.orderType === ORDER_TYPES.SPOT_BROWSE) return null;
  return (
    <div className="cart-bar" data-testid="cart-bar">
      <button type="button" className="cart-bar-button" aria-haspopup="dialog" {...opener}>
        <span className="cart-bar-count">{count}</span>
        <span className="cart-bar-label">{t('cart.bar.view')}</span>
        <span className="cart-bar-total">
          <Price amount={view.total.total} currency={ctx.venue.currency} lang={ctx.venue.lang} />
        </span>
      </button>
    </div>
  );
}
