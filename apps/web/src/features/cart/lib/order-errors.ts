/**
 * The §8 order-error catalogue and exactly its reactions. The codes and what each one does come from the domain
 * (ORDER_ERROR_REACTIONS); this module only carries them out through the effects it is given, so a component
 * test can watch every reaction.
 */
import type { TFunction } from 'i18next';
import { removeLinesWithIngredients, removeProducts, type Cart } from '@trapeza/domain/cart';
import type { StoreFieldError, StoreOrderError } from '@trapeza/domain/contracts/orders';
import { ORDER_ERROR_REACTIONS, isDesignedOrderErrorCode, isOrderErrorCode } from '@trapeza/domain/errors';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** contracts/orders TABLE_ERROR_CODES, spelled out: a value import of a contract would pull zod into the bundle. */
const INVALID_SESSION = 'Invalid session';
const INVALID_QR_CODE = 'invalid_qr_code';
const INVALID_ORDER_DATA = 'invalid_order_data';

export interface OrderErrorEffects {
  cart: Cart;
  setCart: (cart: Cart) => void;
  clearCart: () => void;
  /** Reload the page, showing `message` once it is back. */
  reloadWithMessage: (message: string) => void;
  openLogin: () => void;
  /** The table session is gone: in the native app → /close-browser-app, otherwise ask to rescan. */
  sessionLost: () => void;
}

export interface OrderErrorOutcome {
  message: string;
  /** Field codes of a validation refusal, for the form. */
  fieldErrors: StoreFieldError[];
}

function body(error: unknown): Partial<StoreOrderError> | null {
  return error instanceof ApiRequestError ? (error.body as Partial<StoreOrderError> | null) : null;
}

export function reactToOrderError(error: unknown, t: TFunction, fx: OrderErrorEffects): OrderErrorOutcome {
  const none: StoreFieldError[] = [];
  if (error instanceof ApiRequestError && error.kind === 2) {
    // The device is offline (issue 17: a basement bistro, hotel Wi-Fi): spec §8's "no internet connection"; the
    // cart is kept as it is for when the network is back.
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      return { message: t('errors.offline'), fieldErrors: none };
    // No answer (also the 55 s time-out): the generic sending error, plus the generic handler's #2 line.
    return { message: `${t('cart.errors.no_response')} ${t('cart.errors.generic2')}`, fieldErrors: none };
  }
  const b = body(error);
  const code = b?.message ?? '';
  if (isOrderErrorCode(code)) {
    const reaction = ORDER_ERROR_REACTIONS[code];
    const names = (b?.names ?? []).join(', ');
    switch (reaction) {
      case 'remove_lines': {
        const next =
          code === 'inactiveProductIngredientsIds' && b?.ingredient_ids?.length
            ? removeLinesWithIngredients(fx.cart, b.ingredient_ids)
            : removeProducts(fx.cart, b?.ids ?? []);
        fx.setCart(next);
        return { message: `${t(`cart.errors.${code}`)}${names ? ` (${names})` : ''}`, fieldErrors: none };
      }
      case 'clear_cart_and_reload': {
        const message = t(`cart.errors.${code}`);
        fx.clearCart();
        fx.reloadWithMessage(message);
        return { message, fieldErrors: none };
      }
      case 'open_login':
        fx.openLogin();
        return { message: t(`cart.errors.${code}`), fieldErrors: none };
      case 'message_trans_or_default':
        return { message: b?.message_trans || t(`cart.errors.${code}`), fieldErrors: none };
      case 'show_message':
        return { message: t(`cart.errors.${code}`), fieldErrors: none };
    }
  }
  if (code === INVALID_SESSION || code === INVALID_QR_CODE) {
    fx.sessionLost();
    return { message: t('cart.errors.rescan'), fieldErrors: none };
  }
  if (code === INVALID_ORDER_DATA && b?.errors?.length) {
    return { message: t('cart.errors.invalid_order_data'), fieldErrors: b.errors };
  }
  // Designed codes outside §8 (errors.ts DESIGNED_ORDER_ERROR_CODES): their own text, the cart kept as it is.
  if (isDesignedOrderErrorCode(code)) return { message: t(`cart.errors.${code}`), fieldErrors: none };
  if (code === 'invalid_promo_code')
    return { message: t('cart.errors.invalid_promo_code'), fieldErrors: none };
  if (code === 'product_not_orderable') {
    // Those lines come out of the cart, and the message names them (issue 24 #5).
    fx.setCart(removeProducts(fx.cart, b?.ids ?? []));
    const names = (b?.names ?? []).join(', ');
    return {
      message: `${t('cart.errors.product_not_orderable')}${names ? ` (${names})` : ''}`,
      fieldErrors: none,
    };
  }
  return { message: t('cart.errors.other'), fieldErrors: none };
}
