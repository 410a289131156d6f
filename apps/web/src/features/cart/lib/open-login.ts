/**
 * Opens the login for card_payment_requires_login (spec §8 "ask to log in, open login modal"): the accounts
 * feature's shared opener (stores/auth-ui-store.ts), after closing the cart so the login dialog is on top. The
 * order form is saved first (`saveDraft`, lib/order-draft.ts), and a successful sign-in or registration reopens the
 * cart, which goes straight back to the kept order form (issue 24 #4).
 */
import { openLogin as openAccountLogin } from '../../../stores/auth-ui-store.ts';
import { useCartUiStore } from '../../../stores/cart-store.ts';

export function openLogin(saveDraft?: () => void): void {
  saveDraft?.();
  useCartUiStore.getState().closeCart();
  openAccountLogin({ reason: 'payment', onSuccess: () => useCartUiStore.getState().openCart() });
}
