/**
 * Opens the login for card_payment_requires_login (spec §8 "ask to log in, open login modal"): the accounts
 * feature's shared opener (stores/auth-ui-store.ts), after closing the cart so the login dialog is on top.
 */
import { openLogin as openAccountLogin } from '../../../stores/auth-ui-store.ts';
import { useCartUiStore } from '../../../stores/cart-store.ts';

export function openLogin(): void {
  useCartUiStore.getState().closeCart();
  openAccountLogin({ reason: 'payment', onSuccess: () => useCartUiStore.getState().openCart() });
}
