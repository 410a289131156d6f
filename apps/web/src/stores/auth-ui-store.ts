/**
 * Opens the account dialogs from anywhere (spec §5, §8: card_payment_requires_login "ask to log in, open login
 * modal"). The login modal itself is a lazy chunk mounted once in the place layout; this store is all a caller
 * needs: `openLogin()`. It also carries the account success notices (spec §8: login, logout, registration,
 * profile updated, reset instructions sent), shown by the same mounted host.
 */
import { create } from 'zustand';

export type AuthView = 'login' | 'register' | 'forgot';
/** Why the dialog was opened, shown above the form (e.g. online payment needs login, spec §5). */
type AuthReason = 'payment';
export type AccountNotice =
  | 'login_success'
  | 'logout_success'
  | 'register_success'
  | 'profile_updated'
  | 'reset_password_sent'
  | 'password_reset_done'
  | 'session_expired';

export interface OpenLoginOptions {
  view?: AuthView;
  reason?: AuthReason;
  /** Called once after a successful login or registration (e.g. to send the order again). */
  onSuccess?: () => void;
}

interface AuthUiState {
  view: AuthView | null;
  reason: AuthReason | null;
  onSuccess: (() => void) | null;
  notice: { key: AccountNotice; at: number } | null;
  open: (options?: OpenLoginOptions) => void;
  setView: (view: AuthView) => void;
  close: () => void;
  notify: (key: AccountNotice) => void;
}

export const useAuthUiStore = create<AuthUiState>((set) => ({
  view: null,
  reason: null,
  onSuccess: null,
  notice: null,
  open: (options = {}) =>
    set({
      view: options.view ?? 'login',
      reason: options.reason ?? null,
      onSuccess: options.onSuccess ?? null,
    }),
  setView: (view) => set({ view }),
  close: () => set({ view: null, reason: null, onSuccess: null }),
  notify: (key) => set({ notice: { key, at: Date.now() } }),
}));

/** Opens the login modal (register and forgot password are one click away in it). */
export function openLogin(options?: OpenLoginOptions): void {
  useAuthUiStore.getState().open(options);
}
