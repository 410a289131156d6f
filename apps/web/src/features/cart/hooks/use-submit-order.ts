/**
 * Order submission (spec §4): loading; order_sent null → true / false (resettable); on success the payment redirect
 * (redForm → /{place}/payment, which auto-submits it; redLink → navigate) or the success message of the order
 * type, the answered token stored when none is, the cart cleared and discounts refreshed; on failure the §8
 * reaction. A refused cart keeps the table session (the catalogue asks the guest to press Order again); a lost
 * session is dropped, and the guest is asked to rescan (or, in the native app, sent to /close-browser-app).
 */
import { ORDER_TYPES, isTrackedOrderType } from '@trapeza/domain/order-status';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StoreFieldError, StoreOrderResponse } from '@trapeza/domain/contracts/orders';
import type { OrderType } from '@trapeza/domain/order-status';
import { useCartStore, useCartUiStore } from '../../../stores/cart-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { translatedText } from '../../../lib/ui-settings.ts';
import { placeOrder, type OrderRequest } from '../api/orders.ts';
import { reactToOrderError } from '../lib/order-errors.ts';
import { isNativeApp, setFlash } from '../lib/device.ts';
import { analyticsTagOf, trackPurchase } from '../lib/analytics.ts';
import { openLogin } from '../lib/open-login.ts';
import type { CartContext } from './use-cart-context.ts';
import { rememberTrackedOrder } from '../../order-tracking/tracked-orders.ts';

/** Where the payment route finds the provider's redirect form (the payments screen submits it). */
const PAYMENT_FORM_KEY = 'payment_redirect_form';
const PAYMENT_ORDER_KEY = 'payment_order_key';
/** The One Touch card chosen in the order modal for an epay order: an instrument id, or '' for a new card. */
const PAYMENT_INSTRUMENT_KEY = 'payment_instrument';

/** The payment choice that goes with an order besides its method: the saved card for epay (null: a new card). */
export interface PaymentChoice {
  instrument: number | null;
}

export interface OrderSuccess {
  message: string;
  totalPrice: number;
  key: string;
  /** The short number of the venue's day (issue 24 #8). */
  number: number | null;
  /** The order's tracking page key (issue 24 #6), for delivery and pickup. */
  trackingToken: string | null;
}

export function useSubmitOrder(ctx: CartContext) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [orderSent, setOrderSent] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<StoreFieldError[]>([]);
  const [success, setSuccess] = useState<OrderSuccess | null>(null);
  const { venue, raw } = ctx;

  const successMessage = (type: OrderType) => {
    if (type === ORDER_TYPES.DELIVERY)
      return translatedText(raw, venue.lang, 'seccess_message_delivery_order') ?? t('cart.successDefault');
    if (type === ORDER_TYPES.PREORDER)
      return translatedText(raw, venue.lang, 'seccess_message_pickup_order') ?? t('cart.successDefault');
    if (type === ORDER_TYPES.ROOM) return t('cart.order_sent_success');
    return t('cart.successDefault');
  };

  const onAnswer = (
    type: OrderType,
    answer: StoreOrderResponse,
    payment?: PaymentChoice,
    scheduled: string | null = null,
  ) => {
    // Spec §7 purchase tracking: only with the venue's tag, on a real host, after the guest's consent.
    trackPurchase(analyticsTagOf(raw), {
      key: answer.key,
      total: answer.totalPrice,
      currency: venue.currency.code,
      orderType: type,
    });
    const session = useSessionStore.getState();
    if (!session.orderToken || session.orderToken.place !== venue.place) {
      session.setOrderToken({
        token: answer.token,
        place: venue.place,
        ordertype: type,
        room_number: null,
        table: null,
        tablet_mode: false,
      });
    }
    // Delivery and pickup: this device remembers the order's tracking page ("my orders" lists it; issue 24 #6),
    // before any payment detour, so a guest who never comes back from the provider still finds it.
    const tracked = isTrackedOrderType(type) && answer.tracking_token ? answer.tracking_token : null;
    if (tracked) {
      rememberTrackedOrder({
        place: venue.place,
        trackingToken: tracked,
        number: answer.number ?? null,
        key: answer.key,
        type,
        at: Date.now(),
      });
    }
    void queryClient.invalidateQueries({ queryKey: ['session-orders'] });
    void queryClient.invalidateQueries({ queryKey: ['user-discount'] });
    const { redForm, redLink } = answer.ppResp;
    if (redForm) {
      sessionStorage.setItem(PAYMENT_FORM_KEY, redForm);
      sessionStorage.setItem(PAYMENT_ORDER_KEY, answer.key);
      useCartStore.getState().clear();
      useCartUiStore.getState().closeCart();
      void navigate(`/${venue.place}/payment`, { state: { redForm } });
      return;
    }
    if (redLink) {
      useCartStore.getState().clear();
      window.location.assign(redLink);
      return;
    }
    if (answer.paymentMethod === 'epay') {
      // The payments screen starts the epay flow with the key (spec §4 payment flow).
      sessionStorage.removeItem(PAYMENT_FORM_KEY);
      sessionStorage.setItem(PAYMENT_ORDER_KEY, answer.key);
      sessionStorage.setItem(PAYMENT_INSTRUMENT_KEY, payment?.instrument ? String(payment.instrument) : '');
      useCartStore.getState().clear();
      // Spec §4: the payment modal closes; the payments screen shows the processing state.
      useCartUiStore.getState().closeCart();
      void navigate(`/${venue.place}/payment`);
      return;
    }
    useCartStore.getState().clear();
    // A chosen time: the venue's "ready in about N minutes" would be wrong; say when instead.
    const message = scheduled ? t('cart.successScheduled', { when: scheduled }) : successMessage(type);
    setSuccess({
      message,
      totalPrice: answer.totalPrice,
      key: answer.key,
      number: answer.number ?? null,
      trackingToken: tracked,
    });
  };

  /** `saveDraft` keeps the order form when the answer sends the guest to log in (lib/order-draft.ts). */
  const submit = async (request: OrderRequest, payment?: PaymentChoice, saveDraft?: () => void) => {
    setLoading(true);
    setOrderSent(null);
    setError(null);
    setFieldErrors([]);
    try {
      const answer = await placeOrder(venue.place, request, venue.lang);
      setOrderSent(true);
      const body = request.body as { delivery_time?: string | null; pickup_time?: string | null };
      const requested =
        request.type === ORDER_TYPES.SPOT ? null : (body.delivery_time ?? body.pickup_time ?? '').trim();
      onAnswer(request.type, answer, payment, requested || null);
    } catch (e) {
      setOrderSent(false);
      const store = useCartStore.getState();
      const session = useSessionStore.getState();
      const outcome = reactToOrderError(e, t, {
        cart: store.cart,
        setCart: (cart) => store.setCart(cart),
        clearCart: () => store.clear(),
        reloadWithMessage: (message) => {
          setFlash(message);
          window.location.reload();
        },
        openLogin: () => openLogin(saveDraft),
        sessionLost: () => {
          session.clearOrderToken();
          if (request.type === ORDER_TYPES.SPOT && isNativeApp()) void navigate('/close-browser-app');
        },
      });
      setError(outcome.message);
      setFieldErrors(outcome.fieldErrors);
    } finally {
      setLoading(false);
    }
  };

  const reset = () => {
    setOrderSent(null);
    setError(null);
    setSuccess(null);
  };

  return { submit, loading, orderSent, error, fieldErrors, success, reset };
}
