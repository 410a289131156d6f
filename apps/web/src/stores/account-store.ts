/**
 * The signed-in user and what login loads with it (spec §3 "users" and "registered-user discounts" state groups,
 * §4 login/logout): the user object (authenticated ⇔ set), payment instruments, the nth-order discount and the
 * accumulated order amount. The account feature fills it; ordering reads it (`useAccountStore`) and calls
 * `refreshAccountData()` after an order so the discounts are read again (spec §4 "discounts refreshed").
 *
 * The user object is kept in localStorage beside the auth cookie, since no call answers it on a reload; it is
 * dropped when the cookie is gone and whenever users/validate says the session no longer stands.
 */
import { create } from 'zustand';
import type {
  StorePaymentInstrument,
  StoreRegisteredUserDiscount,
  StoreUser,
} from '@trapeza/domain/contracts/users';
import { config } from '../config.ts';
import { getCookie } from '../lib/cookies.ts';

const USER_KEY = `${config.productName}_user`;

// Plain localStorage calls rather than lib/storage.ts: sharing that module with the cart store splits it into a
// chunk of its own on the first screen.
function keepUser(user: StoreUser | null): void {
  try {
    if (user) globalThis.localStorage?.setItem(USER_KEY, JSON.stringify(user));
    else globalThis.localStorage?.removeItem(USER_KEY);
  } catch {
    // Storage full or disabled: the session lasts for this page only.
  }
}

function storedUser(): StoreUser | null {
  if (!getCookie('auth_token')) return null;
  try {
    const raw = globalThis.localStorage?.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as StoreUser) : null;
  } catch {
    return null;
  }
}

export interface AccountExtras {
  paymentInstruments: StorePaymentInstrument[];
  registeredDiscount: StoreRegisteredUserDiscount | null;
  /** Accumulated order amount the user may spend, minor units. */
  accumulatedAmount: number;
}

interface AccountState extends AccountExtras {
  user: StoreUser | null;
  /** Bumped by refreshAccountData(); the account session reloads the extras when it changes. */
  revision: number;
  setUser: (user: StoreUser | null) => void;
  setExtras: (extras: Partial<AccountExtras>) => void;
  reset: () => void;
}

const NO_EXTRAS: AccountExtras = { paymentInstruments: [], registeredDiscount: null, accumulatedAmount: 0 };

const initialUser = storedUser();

export const useAccountStore = create<AccountState>((set) => ({
  user: initialUser,
  ...NO_EXTRAS,
  // Until GET accumulated-order-amount-setting-place answers, the user object's amount.
  accumulatedAmount: initialUser?.accumulated_amount ?? 0,
  revision: 0,
  setUser: (user) => {
    keepUser(user);
    set(user ? { user, accumulatedAmount: user.accumulated_amount } : { user });
  },
  setExtras: (extras) => set(extras),
  reset: () => {
    keepUser(null);
    set({ user: null, ...NO_EXTRAS });
  },
}));

/** Reads the discounts, accumulated amount and payment instruments again (e.g. after an order was sent). */
export function refreshAccountData(): void {
  useAccountStore.setState((s) => ({ revision: s.revision + 1 }));
}
