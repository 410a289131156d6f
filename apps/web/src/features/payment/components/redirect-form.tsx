/**
 * Sends the browser to the provider's hosted page (spec §4: "go to /{client}/payment and auto-submit the form"):
 * a real POST form with hidden fields, submitted once on mount; the visible button is the fallback when the
 * automatic submission is blocked or slow.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RedirectForm as Form } from '../lib/redirect-form.ts';

export function RedirectForm({ form, onSubmitted }: { form: Form; onSubmitted?: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const onSubmittedRef = useRef(onSubmitted);
  useEffect(() => {
    onSubmittedRef.current = onSubmitted;
  }, [onSubmitted]);

  useEffect(() => {
    if (submitted.current || !ref.current) return;
    submitted.current = true;
    onSubmittedRef.current?.();
    ref.current.submit();
  }, []);

  return (
    <form ref={ref} method="POST" action={form.action} className="stack" data-testid="payment-redirect-form">
      {Object.entries(form.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="lead" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" /> {t('payments.redirecting')}
      </p>
      <p className="muted">{t('payments.redirectingHint')}</p>
      <button type="submit" className="button">
        {t('payments.continueToPayment')}
      </button>
    </form>
  );
}
