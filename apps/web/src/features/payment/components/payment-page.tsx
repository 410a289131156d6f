/**
 * `/{place}/payment` (spec §4 payment flow, issue 7). One page, four ways in:
 *   - from the order modal with a provider form (ppResp.redForm: ePay web checkout, Redsys/Bizum) → auto-submitted;
 *   - from the order modal with an epay order → One Touch: processing state, initiateEpayOrderOneTouch with the
 *     chosen card (a new card goes to the provider's page), then checkPaymentStatusOneTouch until final;
 *   - back from ePay / Redsys (`?orderKey=…&result=ok|cancel`, URL_OK / URL_CANCEL / URLOK / URLKO) → polls
 *     checkPaymentStatus;
 *   - back from the One Touch first-card page (`?ID=…&ret=ok|declined|cancel`) → polls checkPaymentStatusOneTouch.
 * The return address proves nothing: only the server's status answer says paid (payments.md §4).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '../../../components/link.tsx';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@trapeza/domain/money';
import type { PaymentStatus } from '@trapeza/domain/contracts/payments';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFeatureTranslations } from '../../../i18n/feature-bundles.ts';
import { usePageMeta } from '../../../hooks/use-page-meta.ts';
import { useVenue } from '../../../hooks/use-venue.ts';
import { refreshAccountData, useAccountStore } from '../../../stores/account-store.ts';
import { openLogin } from '../../../stores/auth-ui-store.ts';
import {
  checkOneTouchStatus,
  checkPaymentStatus,
  initiateEpayOrder,
  initiateOneTouch,
  initiateRedsysOrder,
} from '../api/payments.ts';
import { paymentsBundle } from '../i18n/loaders.ts';
import { usePaymentPolling, type PaymentPolling } from '../hooks/use-payment-polling.ts';
import { paymentErrorCode, paymentErrorText } from '../lib/payment-error.ts';
import type { PollOutcome } from '../lib/poll-payment.ts';
import {
  clearHandover,
  readHandover,
  rememberedOrderKey,
  rememberOrderKey,
  type RedirectForm as Form,
} from '../lib/redirect-form.ts';
import { InstrumentPicker } from './instrument-picker.tsx';
import { RedirectForm } from './redirect-form.tsx';

/** A return that says "cancelled" is confirmed by a few quick questions, not by two minutes of polling. */
const CANCELLED_TIMEOUT_MS = 6_000;

type View =
  | { kind: 'redirect'; form: Form }
  | { kind: 'oneTouch'; orderKey: string; instrument: number | null }
  | { kind: 'webReturn'; orderKey: string; cancelled: boolean }
  | { kind: 'oneTouchReturn'; paymentKey: string; orderKey: string | null; ret: string }
  | { kind: 'none' };

function initialView(params: URLSearchParams, state: unknown): View {
  const orderKey = params.get('orderKey');
  if (orderKey) return { kind: 'webReturn', orderKey, cancelled: params.get('result') !== 'ok' };
  const id = params.get('ID');
  if (id)
    return {
      kind: 'oneTouchReturn',
      paymentKey: id,
      orderKey: rememberedOrderKey(),
      ret: params.get('ret') ?? '',
    };
  const handover = readHandover(state);
  if (handover?.kind === 'form') {
    if (handover.orderKey) rememberOrderKey(handover.orderKey);
    return { kind: 'redirect', form: handover.form };
  }
  if (handover?.kind === 'oneTouch') {
    rememberOrderKey(handover.orderKey);
    return handover;
  }
  return { kind: 'none' };
}

export function PaymentPage() {
  useFeatureTranslations('payments', paymentsBundle);
  const { t } = useTranslation();
  const venue = useVenue();
  const [params] = useSearchParams();
  const location = useLocation();
  const [view, setView] = useState<View>(() => initialView(params, location.state));
  usePageMeta(t('payments.title'), venue.name);

  // The hand-over is acted on once: a reload or Back must not submit or charge again.
  useEffect(() => {
    if (view.kind === 'redirect' || view.kind === 'oneTouch') clearHandover();
  }, [view]);

  return (
    <div className="page page-narrow">
      <h1>{t('payments.title')}</h1>
      {view.kind === 'redirect' && <RedirectForm key={JSON.stringify(view.form.fields)} form={view.form} />}
      {view.kind === 'oneTouch' && (
        <OneTouchPayment
          key={`${view.orderKey}:${view.instrument}`}
          orderKey={view.orderKey}
          instrument={view.instrument}
          onRetry={(instrument) => setView({ kind: 'oneTouch', orderKey: view.orderKey, instrument })}
        />
      )}
      {view.kind === 'webReturn' && (
        <WebCheckoutReturn
          orderKey={view.orderKey}
          cancelled={view.cancelled}
          onRetry={(form) => setView({ kind: 'redirect', form })}
        />
      )}
      {view.kind === 'oneTouchReturn' && (
        <OneTouchReturn
          paymentKey={view.paymentKey}
          orderKey={view.orderKey}
          ret={view.ret}
          onRetry={(orderKey, instrument) => setView({ kind: 'oneTouch', orderKey, instrument })}
        />
      )}
      {view.kind === 'none' && (
        <div className="stack">
          <p className="lead">{t('payments.nothing')}</p>
          <PageLinks />
        </div>
      )}
    </div>
  );
}

function PageLinks() {
  const { t } = useTranslation();
  const { place } = useVenue();
  const signedIn = useAccountStore((s) => s.user !== null);
  return (
    <p className="field-row">
      {signedIn && (
        <Link className="button button-secondary" to={`/${place}/profile/orders`}>
          {t('payments.myOrders')}
        </Link>
      )}
      <Link className="button button-secondary" to={`/${place}`}>
        {t('payments.backToMenu')}
      </Link>
    </p>
  );
}

/** The order's amount and state as the server answers them (checkPaymentStatus), shown with the outcome. */
function useOrderPayment(orderKey: string | null, refreshOn: unknown) {
  const { place } = useVenue();
  const [info, setInfo] = useState<{ amount: number; method: string | null; status: PaymentStatus } | null>(
    null,
  );
  useEffect(() => {
    if (!orderKey) return;
    const controller = new AbortController();
    checkPaymentStatus(place, orderKey, controller.signal).then(
      (a) =>
        setInfo({
          amount: a.payload.amount,
          method: a.payload.payment_method,
          status: a.payload.payment_status,
        }),
      () => undefined,
    );
    return () => controller.abort();
  }, [place, orderKey, refreshOn]);
  return info;
}

/**
 * The final word of a payment (spec §8 "payment success", "payment failed, please try again",
 * 'Възникна грешка при плащането'); while checking, the progress.
 */
function PaymentOutcome({
  polling,
  cancelled,
  amount,
  retry,
}: {
  polling: Pick<PaymentPolling, 'checking' | 'outcome' | 'restart'>;
  cancelled?: boolean;
  amount: number | null;
  retry?: ReactNode;
}) {
  const { t } = useTranslation();
  const { currency, lang } = useVenue();
  const paidOnce = useRef(false);
  const signedIn = useAccountStore((s) => s.user !== null);
  const { outcome: pollOutcome, restart } = polling;
  useEffect(() => {
    // Back from the provider without a sign-in (another address, an expired session): ask again once signed in.
    if (pollOutcome === 'signedOut' && signedIn) restart();
  }, [pollOutcome, signedIn, restart]);
  useEffect(() => {
    // A first-card payment saved the card and the order counts for discounts: read the account extras again.
    if (polling.outcome === 'paid' && !paidOnce.current) {
      paidOnce.current = true;
      refreshAccountData();
    }
  }, [polling.outcome]);
  const shownAmount =
    amount != null ? (
      <p>
        {t('payments.amount')}:{' '}
        <strong data-testid="payment-amount">{formatPrice(amount, currency, lang).primary}</strong>
      </p>
    ) : null;

  if (polling.checking) {
    return (
      <div className="stack">
        <p className="lead" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" /> {t('payments.checking')}
        </p>
        <progress aria-label={t('payments.checking')} />
      </div>
    );
  }
  const outcome: PollOutcome | 'cancelled' | null =
    cancelled && polling.outcome === 'timeout' ? 'cancelled' : polling.outcome;
  if (outcome === 'paid') {
    return (
      <div className="stack" role="status" data-testid="payment-outcome" data-outcome="paid">
        <p className="lead">{t('payments.paid')}</p>
        <p>{t('payments.paidHint')}</p>
        {shownAmount}
        <PageLinks />
      </div>
    );
  }
  if (outcome === 'signedOut') {
    return (
      <div className="stack" data-testid="payment-outcome" data-outcome="signedOut">
        <p role="alert" className="alert">
          {t('payments.signInToSee')}
        </p>
        <p>
          <button type="button" className="button" onClick={() => openLogin({ reason: 'payment' })}>
            {t('payments.logIn')}
          </button>
        </p>
        <PageLinks />
      </div>
    );
  }
  const text =
    outcome === 'failed'
      ? t('payments.failed')
      : outcome === 'cancelled'
        ? t('payments.cancelled')
        : outcome === 'timeout'
          ? t('payments.timeout')
          : t('payments.error');
  return (
    <div className="stack" data-testid="payment-outcome" data-outcome={outcome ?? 'error'}>
      <p role="alert" className="alert">
        {text}
      </p>
      {shownAmount}
      {(outcome === 'timeout' || outcome === 'error') && (
        <p>
          <button type="button" className="button button-secondary" onClick={polling.restart}>
            {t('payments.checkAgain')}
          </button>
        </p>
      )}
      {outcome !== 'timeout' && retry}
      <PageLinks />
    </div>
  );
}

/** A failed payment start (spec §4): the error, the payment flag ended; login opened when it is the reason. */
function StartError({ error, retry }: { error: unknown; retry?: React.ReactNode }) {
  const { t } = useTranslation();
  const needsLogin = paymentErrorCode(error) === 'card_payment_requires_login';
  useEffect(() => {
    if (needsLogin) openLogin({ reason: 'payment' });
  }, [needsLogin]);
  return (
    <div className="stack" data-testid="payment-outcome" data-outcome="error">
      <p role="alert" className="alert">
        {paymentErrorText(error, t)}
      </p>
      {needsLogin ? (
        <p>
          <button type="button" className="button" onClick={() => openLogin({ reason: 'payment' })}>
            {t('payments.logIn')}
          </button>
        </p>
      ) : (
        retry
      )}
      <PageLinks />
    </div>
  );
}

/** Pay again with a saved card or a new one (One Touch). */
function OneTouchRetry({
  onRetry,
  initial,
}: {
  onRetry: (instrument: number | null) => void;
  initial: number | null;
}) {
  const { t } = useTranslation();
  const instruments = useAccountStore((s) => s.paymentInstruments);
  const [choice, setChoice] = useState<number | null>(
    initial !== null && instruments.some((i) => i.id === initial) ? initial : (instruments[0]?.id ?? null),
  );
  return (
    <div className="stack">
      <InstrumentPicker instruments={instruments} value={choice} onChange={setChoice} />
      <p>
        <button type="button" className="button" onClick={() => onRetry(choice)}>
          {t('payments.tryAgain')}
        </button>
      </p>
    </div>
  );
}

/**
 * Epay with One Touch (spec §4: "close the payment modal, enter the processing-payment state and start payment
 * with the key (and instrument if any)"): a saved card is charged at once and polled; a new card goes to the
 * provider's page, which comes back to this route with `?ID=…&ret=…`.
 */
function OneTouchPayment({
  orderKey,
  instrument,
  onRetry,
}: {
  orderKey: string;
  instrument: number | null;
  onRetry: (instrument: number | null) => void;
}) {
  const { t } = useTranslation();
  const { place } = useVenue();
  const started = useRef(false);
  const [modalOpen, setModalOpen] = useState(true);
  const [paymentKey, setPaymentKey] = useState<string | null>(null);
  const [immediate, setInstant] = useState<PollOutcome | null>(null);
  const answeredKey = useRef<string | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    initiateOneTouch(place, orderKey, instrument).then(
      (answer) => {
        const p = answer.payload;
        if (p.red) {
          setLeaving(true);
          window.location.assign(p.red);
          return;
        }
        answeredKey.current = p.payment_key;
        if (p.payment_status === 'paid' || p.payment_status === 'failed') setInstant(p.payment_status);
        else if (!p.payment_status || !answer.success) setInstant('error');
        else setPaymentKey(p.payment_key);
      },
      (error: unknown) => setStartError(error ?? new Error('payment start failed')),
    );
  }, [place, orderKey, instrument]);

  const check = useCallback(
    (signal: AbortSignal) =>
      checkOneTouchStatus(place, paymentKey ?? '', signal).then((a) => a.payload.payment_status ?? null),
    [place, paymentKey],
  );
  const polling = usePaymentPolling(paymentKey ? check : null);
  const outcome = immediate ?? polling.outcome;
  const processing = startError === null && (outcome === null || leaving);
  const info = useOrderPayment(orderKey, outcome);
  const retry = <OneTouchRetry onRetry={onRetry} initial={instrument} />;
  const checkAgain = () => {
    setInstant(null);
    if (paymentKey) polling.restart();
    else setPaymentKey(answeredKey.current);
  };

  return (
    <>
      <Modal
        open={processing && modalOpen}
        title={t('payments.processingTitle')}
        onClose={() => setModalOpen(false)}
      >
        <div className="stack" role="status" aria-live="polite" data-testid="payment-processing">
          <p className="lead">{leaving ? t('payments.redirecting') : t('payments.processing')}</p>
          <progress aria-label={t('payments.processing')} />
        </div>
      </Modal>
      {startError !== null ? (
        <StartError error={startError} retry={retry} />
      ) : processing ? (
        <p className="lead" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {leaving ? t('payments.redirecting') : t('payments.processing')}
        </p>
      ) : (
        <PaymentOutcome
          polling={{ checking: false, outcome, restart: checkAgain }}
          amount={info?.amount ?? null}
          retry={retry}
        />
      )}
    </>
  );
}

/** Back from ePay web checkout or Redsys/Bizum: poll the order's state (the notification makes it paid). */
function WebCheckoutReturn({
  orderKey,
  cancelled,
  onRetry,
}: {
  orderKey: string;
  cancelled: boolean;
  onRetry: (form: Form) => void;
}) {
  const { t } = useTranslation();
  const { place } = useVenue();
  const [method, setMethod] = useState<string | null>(null);
  const [retryError, setRetryError] = useState<unknown>(null);
  const [retrying, setRetrying] = useState(false);
  const check = useCallback(
    (signal: AbortSignal) =>
      checkPaymentStatus(place, orderKey, signal).then((a) => {
        setMethod(a.payload.payment_method);
        return a.payload.payment_status;
      }),
    [place, orderKey],
  );
  const polling = usePaymentPolling(check, cancelled ? { timeoutMs: CANCELLED_TIMEOUT_MS } : {});
  const info = useOrderPayment(orderKey, polling.outcome);

  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      const answer =
        method === 'bizum'
          ? await initiateRedsysOrder(place, orderKey)
          : await initiateEpayOrder(place, orderKey);
      rememberOrderKey(orderKey);
      onRetry(answer.form);
    } catch (e) {
      setRetryError(e ?? new Error('payment start failed'));
    } finally {
      setRetrying(false);
    }
  };

  if (retryError !== null) return <StartError error={retryError} />;
  return (
    <PaymentOutcome
      polling={polling}
      cancelled={cancelled}
      amount={info?.amount ?? null}
      retry={
        <p>
          <button type="button" className="button" disabled={retrying} onClick={() => void retry()}>
            {t('payments.tryAgain')}
          </button>
        </p>
      }
    />
  );
}

/** Back from the One Touch first-card page: poll the attempt (the status query also saves the card). */
function OneTouchReturn({
  paymentKey,
  orderKey,
  ret,
  onRetry,
}: {
  paymentKey: string;
  orderKey: string | null;
  ret: string;
  onRetry: (orderKey: string, instrument: number | null) => void;
}) {
  const { place } = useVenue();
  const check = useCallback(
    (signal: AbortSignal) =>
      checkOneTouchStatus(place, paymentKey, signal).then((a) => a.payload.payment_status ?? null),
    [place, paymentKey],
  );
  const cancelled = ret === 'cancel';
  const polling = usePaymentPolling(check, cancelled ? { timeoutMs: CANCELLED_TIMEOUT_MS } : {});
  const info = useOrderPayment(orderKey, polling.outcome);
  return (
    <PaymentOutcome
      polling={polling}
      cancelled={cancelled}
      amount={info?.amount ?? null}
      retry={
        orderKey ? (
          <OneTouchRetry initial={null} onRetry={(instrument) => onRetry(orderKey, instrument)} />
        ) : null
      }
    />
  );
}
