/**
 * `/{place}/payment` (spec §4 payment flow): when an order answered a provider redirect form (ppResp.redForm), it is
 * kept in sessionStorage and auto-submitted here. Only the form's action, method and input names/values are taken
 * over (no markup or script of the answer reaches the page). The payments screen (processing state, status
 * polling, epay with the order key kept under `payment_order_key`) replaces the fallback below.
 */
import { useEffect, useRef } from 'react';
import { PageLoading } from '../../components/ui/page-loading.tsx';
import { Component as ComingSoon } from './coming-soon.tsx';

/** Written by features/cart (use-submit-order.ts) before navigating here. */
const PAYMENT_FORM_KEY = 'payment_redirect_form';

function submitRedirectForm(html: string, host: HTMLElement): void {
  const source = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  if (!source) return;
  const action = source.getAttribute('action') ?? '';
  if (!/^https?:\/\//i.test(action) && !action.startsWith('/')) return;
  const form = document.createElement('form');
  form.method = source.getAttribute('method') ?? 'post';
  form.action = action;
  for (const input of source.querySelectorAll('input[name]')) {
    const field = document.createElement('input');
    field.type = 'hidden';
    field.name = input.getAttribute('name') ?? '';
    field.value = input.getAttribute('value') ?? '';
    form.append(field);
  }
  host.append(form);
  form.submit();
}

export function Component() {
  const ref = useRef<HTMLDivElement>(null);
  const form = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(PAYMENT_FORM_KEY);
  useEffect(() => {
    if (!form || !ref.current) return;
    sessionStorage.removeItem(PAYMENT_FORM_KEY);
    submitRedirectForm(form, ref.current);
  }, [form]);
  if (!form) return <ComingSoon />;
  return (
    <div className="page" ref={ref}>
      <PageLoading />
    </div>
  );
}
