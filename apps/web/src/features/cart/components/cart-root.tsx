/**
 * The cart's lazily loaded screens, mounted by the place layout once anything asks for them (header cart button,
 * an add that needs the variant modal): the variant modal and the cart drawer with its order flow, and the purchase
 * tracking consent banner (lib/analytics.ts). Loads the feature's texts first.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createCartLine } from '@trapeza/domain/cart';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { cartBundle } from '../i18n/loaders.ts';
import { useCartContext } from '../hooks/use-cart-context.ts';
import { analyticsTagOf, shouldAskConsent, readConsent } from '../lib/analytics.ts';
import { CartDrawer } from './cart-drawer.tsx';
import { VariantModal } from './variant-modal.tsx';

const AnalyticsConsent = lazy(() =>
  import('./analytics-consent.tsx').then((m) => ({ default: m.AnalyticsConsent })),
);

export function CartRoot() {
  useFeatureTranslations('cart', cartBundle);
  useTranslation();
  const ctx = useCartContext();
  const tab = useCartUiStore((s) => s.tab);
  const request = useCartUiStore((s) => s.addRequest);
  const clearRequest = useCartUiStore((s) => s.clearAddRequest);
  const add = useCartStore((s) => s.add);
  const product = request ? ctx.menu.productById.get(request.productId) : undefined;
  // Purchase tracking asks for consent once the guest starts on the cart (only with a tag, on a real host).
  const analyticsTag = analyticsTagOf(ctx.raw);
  return (
    <>
      {product && (
        <VariantModal
          product={product}
          preselectedId={request?.variantId ?? null}
          withComment={ctx.venue.ui.variantModalWithComment}
          lang={ctx.venue.lang}
          currency={ctx.venue.currency}
          priceContext={{
            now: new Date(),
            timeZone: ctx.venue.settings.time_zone,
            orderType: ctx.venue.ctx.orderType,
            moneyDiscountOnlyForPreorder:
              ctx.venue.settings.calculate_product_discount_money_only_for_preorder_orders,
          }}
          onAdd={(variantId, comment) => {
            const variant = product.product_variants.find((v) => v.id === variantId);
            if (variant)
              add(
                createCartLine(product, variant, { now: new Date(), ingredients: ctx.ingredientMap }),
                comment,
              );
            clearRequest();
          }}
          onClose={clearRequest}
        />
      )}
      {tab && <CartDrawer ctx={ctx} tab={tab} />}
      {analyticsTag && shouldAskConsent(analyticsTag, location.hostname, readConsent()) && (
        <Suspense fallback={null}>
          <AnalyticsConsent tag={analyticsTag} />
        </Suspense>
      )}
    </>
  );
}
