/**
 * What every product card of a place shares: language, currency, price context, the avoided allergens, the
 * product URL rule (spec §2), quick add for clickable variants and booking products. Pages spread it into cards.
 */
import { ORDER_TYPES } from '@trapeza/domain/order-status';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreProduct, StoreVariant } from '@trapeza/domain/contracts/menu';
import { createCartLine } from '@trapeza/domain/cart';
import { needsVariantModal } from '@trapeza/domain/ingredients';
import { checkProductOrderable, isAddToCartHidden } from '@trapeza/domain/visibility';
import { ingredientsQueryOptions } from '../api/get-ingredients.ts';
import { productCategory, type MenuIndex } from '../lib/menu-index.ts';
import { productPath } from '../lib/product-path.ts';
import { useCartStore, useCartUiStore } from '../stores/cart-store.ts';
import { usePreferencesStore } from '../stores/preferences-store.ts';
import type { Venue } from './use-venue.ts';
import { renderNow } from '../lib/render-now.ts';

/**
 * `loadBooking`: the booking modal's code (the route's), which the cards' booking buttons wait for after a tap;
 * `loadVariantPicker`: the cart's screens (app/cart-screens.ts), which host the variant picker a size's "+" opens;
 * `loadSheet`: the product sheet's code (app/product-sheet.tsx), which a card's add button opens.
 */
export function useProductCards(
  venue: Venue,
  menu: MenuIndex,
  loadBooking?: () => Promise<unknown>,
  loadVariantPicker?: () => Promise<unknown>,
  loadSheet?: () => Promise<unknown>,
) {
  const { pathname } = useLocation();
  const avoidAllergens = usePreferencesStore((s) => s.avoidAllergens);
  const hideAvoided = usePreferencesStore((s) => s.hideAvoided);
  const add = useCartStore((s) => s.add);
  const { data: ingredients } = useQuery({
    ...ingredientsQueryOptions(venue.place),
    enabled: venue.ui.clickableProductVariants,
  });
  const queryClient = useQueryClient();
  const [booking, setBooking] = useState<StoreProduct | null>(null);
  // The product whose sizes and extras the product sheet shows (a card's add button).
  const [sheet, setSheet] = useState<StoreProduct | null>(null);
  // Prices are shown for the moment the page renders (time-based discounts).
  // The server's clock on the server (its render), the browser's in the browser: lib/render-now.ts.
  const [now] = useState(renderNow);

  const priceContext = useMemo(
    () => ({
      now,
      timeZone: venue.settings.time_zone,
      orderType: venue.ctx.orderType,
      moneyDiscountOnlyForPreorder: venue.settings.calculate_product_discount_money_only_for_preorder_orders,
    }),
    [now, venue.settings, venue.ctx.orderType],
  );

  const hrefFor = useCallback(
    (product: StoreProduct): string | null => {
      if (product.type === 'booking' || !venue.ui.viewProductPage) return null;
      const cat = productCategory(menu, product);
      return productPath(pathname, venue.place, product.slug, cat?.slug ?? null);
    },
    [menu, pathname, venue.place, venue.ui.viewProductPage],
  );

  const withComment = venue.ui.variantModalWithComment;
  /** Whether a size's "+" opens the variant picker (the cart's, loaded on demand) rather than adding that size. */
  const addOpensPicker = useCallback(
    (product: StoreProduct) =>
      product.type !== 'booking' && needsVariantModal(product.product_variants.length, true, withComment),
    [withComment],
  );
  /** Whether a card's "+" can put the product in the cart: never a booking, only from an orderable category. */
  const canAdd = useCallback(
    (product: StoreProduct) => product.type === 'booking' || checkProductOrderable(product, menu.byId).ok,
    [menu.byId],
  );
  const onAddVariant = useCallback(
    (product: StoreProduct, variant: StoreVariant) => {
      // A booking product is reserved, not carted (spec §1): its "+" opens the booking modal.
      if (product.type === 'booking') {
        setBooking(product);
        return;
      }
      if (!checkProductOrderable(product, menu.byId).ok) return;
      // Spec §4: a preselected variant is added straight away unless the variant-comment modal is on.
      if (addOpensPicker(product)) {
        useCartUiStore.getState().requestAdd({ productId: product.id, variantId: variant.id });
        return;
      }
      const map = new Map((ingredients ?? []).map((i) => [i.id, i]));
      add(createCartLine(product, variant, { now: new Date(), ingredients: map }));
    },
    [add, ingredients, addOpensPicker, menu.byId],
  );

  /** Products the guest asked to hide because of an avoided allergen drop out of lists. */
  const visible = useCallback(
    (products: StoreProduct[]) =>
      hideAvoided && avoidAllergens.length > 0
        ? products.filter((p) => !p.allergens.some((a) => avoidAllergens.includes(a.id)))
        : products,
    [hideAvoided, avoidAllergens],
  );

  return {
    common: {
      lang: venue.lang,
      currency: venue.currency,
      priceContext,
      avoidAllergens,
      // Spot browse (type 4) shows no ordering.
      onAddVariant:
        venue.ui.clickableProductVariants && venue.ctx.orderType !== ORDER_TYPES.SPOT_BROWSE
          ? onAddVariant
          : null,
      onBook: setBooking,
      loadBooking,
      addOpensPicker,
      loadVariantPicker,
      // Without clickable variants, a card's add button opens the product sheet (not in spot browse, nor when
      // the add-to-cart button is hidden).
      onOpen:
        venue.ctx.orderType !== ORDER_TYPES.SPOT_BROWSE &&
        !isAddToCartHidden(venue.ui.hideAddToCartBtn, venue.ctx)
          ? setSheet
          : null,
      // The sheet's code and the ingredients its form waits for (not asked for with the sizes' "+" off).
      loadSheet:
        loadSheet &&
        (() => Promise.all([loadSheet(), queryClient.ensureQueryData(ingredientsQueryOptions(venue.place))])),
      canAdd,
    },
    hrefFor,
    visible,
    booking,
    closeBooking: () => setBooking(null),
    sheet,
    closeSheet: () => setSheet(null),
  };
}
