/**
 * The order form kept across the login detour (issue 24 #4): online payment needs an account, and signing in or
 * registering from the order form closes the cart (the login dialog goes on top), which unmounted the form and
 * threw every field away. Before the detour the form is saved here (sessionStorage: this tab only, gone with it);
 * the drawer then reopens straight at the order form, which takes the draft back once.
 */
import type { PromoResult } from '@trapeza/domain/pricing/promo';
import type { OrderFormValues } from './order-form.ts';

const KEY = 'order_form_draft';

export interface OrderDraft {
  place: string;
  values: OrderFormValues;
  promo: { result: PromoResult; eligible: number[] | null } | null;
  instrument: number | null;
}

export function saveOrderDraft(draft: OrderDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the detour then starts from an empty form, as before.
  }
}

/** The draft saved for this place, if any (left in place). */
export function peekOrderDraft(place: string): OrderDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<OrderDraft>;
    return draft && draft.place === place && typeof draft.values === 'object' && draft.values
      ? (draft as OrderDraft)
      : null;
  } catch {
    return null;
  }
}

export function clearOrderDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
