/**
 * The provider's redirect form (ppResp.redForm, or `form` of an initiate call): only its action and its input
 * names and values are taken over — no markup or script of the answer ever reaches the page. The form travels from
 * the order modal to `/{place}/payment` in router state or sessionStorage, never in the URL (ENCODED/CHECKSUM or
 * Ds_MerchantParameters/Ds_Signature in a query string would end up in logs and history).
 */
import type { StorePaymentForm } from '@trapeza/domain/contracts/payments';

export type RedirectForm = StorePaymentForm;

/** Keys written by features/cart (hooks/use-submit-order.ts) before it navigates to /{place}/payment. */
export const PAYMENT_FORM_KEY = 'payment_redirect_form';
export const PAYMENT_ORDER_KEY = 'payment_order_key';
/** The One Touch instrument chosen in the order modal: an instrument id, or '' for a new card. */
export const PAYMENT_INSTRUMENT_KEY = 'payment_instrument';

/** Only absolute http(s) addresses or same-site paths may receive the form. */
function isAllowedAction(action: string): boolean {
  return /^https?:\/\//i.test(action) || (action.startsWith('/') && !action.startsWith('//'));
}

/** Reads the action and the named inputs of the first form in `html`; null when there is none or it is unusable. */
function parseRedirectForm(html: string): RedirectForm | null {
  const source = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  if (!source) return null;
  const action = source.getAttribute('action') ?? '';
  if (!isAllowedAction(action)) return null;
  const fields: Record<string, string> = {};
  for (const input of source.querySelectorAll('input[name]')) {
    fields[input.getAttribute('name') ?? ''] = input.getAttribute('value') ?? '';
  }
  return { action, method: 'POST', fields };
}

/** A form handed over in router state (an object form, or the redForm HTML), checked like a stored one. */
function formFromState(state: unknown): RedirectForm | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as { paymentForm?: unknown; redForm?: unknown };
  if (typeof s.redForm === 'string') return parseRedirectForm(s.redForm);
  const f = s.paymentForm as Partial<RedirectForm> | undefined;
  if (!f || typeof f.action !== 'string' || !isAllowedAction(f.action) || !f.fields) return null;
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.fields)) if (typeof v === 'string') fields[k] = v;
  return { action: f.action, method: 'POST', fields };
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** What the order modal handed over: a form to submit, or an epay order to pay with One Touch. */
export type PaymentHandover =
  | { kind: 'form'; form: RedirectForm; orderKey: string | null }
  | { kind: 'oneTouch'; orderKey: string; instrument: number | null }
  | null;

/** Reads (without consuming) the hand-over: router state first, then sessionStorage. */
export function readHandover(state: unknown): PaymentHandover {
  const s = storage();
  const orderKey = s?.getItem(PAYMENT_ORDER_KEY) ?? null;
  const fromState = formFromState(state);
  if (fromState) return { kind: 'form', form: fromState, orderKey };
  const html = s?.getItem(PAYMENT_FORM_KEY);
  if (html) {
    const form = parseRedirectForm(html);
    if (form) return { kind: 'form', form, orderKey };
  }
  if (orderKey) {
    const raw = s?.getItem(PAYMENT_INSTRUMENT_KEY) ?? '';
    const id = Number(raw);
    return {
      kind: 'oneTouch',
      orderKey,
      instrument: raw !== '' && Number.isInteger(id) && id > 0 ? id : null,
    };
  }
  return null;
}

/** Forgets the hand-over once acted on, so a reload or Back does not start the payment twice. */
export function clearHandover(): void {
  const s = storage();
  s?.removeItem(PAYMENT_FORM_KEY);
  s?.removeItem(PAYMENT_INSTRUMENT_KEY);
  s?.removeItem(PAYMENT_ORDER_KEY);
}

/** The order key of the payment in progress, kept for the return page (the One Touch reply names the attempt only). */
const LAST_ORDER_KEY = 'payment_last_order_key';
export function rememberOrderKey(orderKey: string): void {
  storage()?.setItem(LAST_ORDER_KEY, orderKey);
}
export function rememberedOrderKey(): string | null {
  return storage()?.getItem(LAST_ORDER_KEY) ?? null;
}
