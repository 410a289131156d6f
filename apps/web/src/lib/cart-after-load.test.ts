/**
 * Spec §4: opening a place other than the remembered one clears the cart and the other place's order token (not on a
 * tablet or kiosk device). The token of the place being opened — written by the server with the page of a QR scan
 * (issue 17) — is that visit's own and stays.
 */
import { beforeEach, expect, test } from 'vitest';
import { ORDER_TOKEN_COOKIE } from '@trapeza/domain/tokens';
import { useSessionStore, type OrderTokenCookie } from '../stores/session-store.ts';
import { clearCart } from './cart-after-load.ts';
import { deleteCookie, getCookie, setCookie } from './cookies.ts';

const room: OrderTokenCookie = {
  token: 'room-token',
  expires: Date.now() + 3_600_000,
  ordertype: 6,
  room_number: '105',
  tablet_mode: false,
  table: '105',
  place: 'hotel',
};

function holdToken(token: OrderTokenCookie): void {
  setCookie(ORDER_TOKEN_COOKIE, JSON.stringify(token), 2);
  useSessionStore.setState({ orderToken: token });
}

beforeEach(() => {
  deleteCookie(ORDER_TOKEN_COOKIE);
  useSessionStore.setState({ orderToken: null });
});

test('the token of the place being opened stays', () => {
  holdToken(room);
  clearCart('hotel');
  expect(useSessionStore.getState().orderToken).toEqual(room);
  expect(getCookie(ORDER_TOKEN_COOKIE)).not.toBeNull();
});

test("another place's token is cleared, cookie and store", () => {
  holdToken(room);
  clearCart('bistro');
  expect(useSessionStore.getState().orderToken).toBeNull();
  expect(getCookie(ORDER_TOKEN_COOKIE)).toBeNull();
});

test("a tablet's token stays wherever the device goes", () => {
  holdToken({ ...room, tablet_mode: true });
  clearCart('bistro');
  expect(useSessionStore.getState().orderToken?.token).toBe('room-token');
});
