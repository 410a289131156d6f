import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useAccountStore } from '../../../stores/account-store.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { PAYMENT_FORM_KEY, PAYMENT_INSTRUMENT_KEY, PAYMENT_ORDER_KEY } from '../lib/redirect-form.ts';
import { mockFetch, renderAtPlace, usePaymentLanguage, type Call } from '../test/payment-test-utils.tsx';
import { PaymentPage } from './payment-page.tsx';

const EPAY_FORM =
  '<form id="payment-redirect-form" method="POST" action="http://localhost:3999/epay/">' +
  '<input type="hidden" name="PAGE" value="paylogin"><input type="hidden" name="ENCODED" value="TUlOPTEyMzQK">' +
  '<input type="hidden" name="CHECKSUM" value="9d09db1b61bfd7947ed390d6464ca7953d0bf3f2">' +
  '<input type="hidden" name="URL_OK" value="http://localhost:3000/bistro/payment?orderKey=K1&amp;result=ok">' +
  '<input type="hidden" name="URL_CANCEL" value="http://localhost:3000/bistro/payment?orderKey=K1&amp;result=cancel">' +
  '</form>';

let submitted: { action: string; method: string; fields: Record<string, string> }[];

beforeEach(async () => {
  await usePaymentLanguage('en');
  useSessionStore.getState().setAuthToken('user.token.x');
  submitted = [];
  // jsdom does not navigate: record what would be posted.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push({
      action: this.getAttribute('action') ?? '',
      method: this.method,
      fields: Object.fromEntries(new FormData(this).entries()) as Record<string, string>,
    });
  });
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const statusAnswer = (payment_status: string) => ({
  status: 200,
  body: {
    success: true,
    payload: { payment_status, payment_method: 'online', payment_key: '0000000001', amount: 22.8 },
  },
});

/** Lets the polling's 2 s pauses pass. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the redirect form (spec §4: go to /{client}/payment and auto-submit the form)', () => {
  test('the ePay form from sessionStorage is posted to its action with exactly its fields, once', async () => {
    mockFetch(() => undefined);
    sessionStorage.setItem(PAYMENT_FORM_KEY, EPAY_FORM);
    sessionStorage.setItem(PAYMENT_ORDER_KEY, 'K1');
    await renderAtPlace(<PaymentPage />, '/bistro/payment');
    // The page may still be loading its texts when the render returns (a busy machine): wait for the post.
    await waitFor(() => expect(submitted.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(submitted).toEqual([
      {
        action: 'http://localhost:3999/epay/',
        method: 'post',
        fields: {
          PAGE: 'paylogin',
          ENCODED: 'TUlOPTEyMzQK',
          CHECKSUM: '9d09db1b61bfd7947ed390d6464ca7953d0bf3f2',
          URL_OK: 'http://localhost:3000/bistro/payment?orderKey=K1&result=ok',
          URL_CANCEL: 'http://localhost:3000/bistro/payment?orderKey=K1&result=cancel',
        },
      },
    ]);
    expect(screen.getByText('Redirecting you to the payment page…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to the payment page' })).toBeTruthy();
    // Used once: a reload or Back does not post it again.
    expect(sessionStorage.getItem(PAYMENT_FORM_KEY)).toBeNull();
  });

  test('a Redsys/Bizum form from router state keeps its Ds_* fields', async () => {
    mockFetch(() => undefined);
    const paymentForm = {
      action: 'http://localhost:3999/sis/realizarPago',
      method: 'POST',
      fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'eyJ9', Ds_Signature: 'c2ln' },
    };
    await renderAtPlace(<PaymentPage />, '/bistro/payment', { paymentForm });
    await waitFor(() => expect(submitted.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(submitted).toEqual([{ action: paymentForm.action, method: 'post', fields: paymentForm.fields }]);
  });

  test('a form whose action is not http(s) is not submitted', async () => {
    mockFetch(() => undefined);
    sessionStorage.setItem(
      PAYMENT_FORM_KEY,
      '<form action="javascript:alert(1)"><input name="A" value="1"></form>',
    );
    await renderAtPlace(<PaymentPage />, '/bistro/payment');
    // Once the page has decided (its answer shown), nothing was posted.
    expect(await screen.findByText('There is no payment in progress.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(submitted).toEqual([]);
  });
});

describe('return pages: only the server status says paid (payments.md §4)', () => {
  test('URL_OK polls checkPaymentStatus until paid, then stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const answers = ['pending', 'pending', 'paid'];
    const calls = mockFetch((c) =>
      c.path === '/api/epay/checkPaymentStatus' ? statusAnswer(answers.shift() ?? 'paid') : undefined,
    );
    await renderAtPlace(<PaymentPage />, '/bistro/payment?orderKey=K1&result=ok');
    expect(screen.getByText('Checking the payment…', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
    await advance(2_000);
    await advance(2_000);
    expect(screen.getByText('Payment successful')).toBeTruthy();
    expect(screen.getByTestId('payment-amount').textContent).toMatch(/22[.,]80/);
    const polled = () => calls.filter((c) => c.path === '/api/epay/checkPaymentStatus').length;
    const afterPaid = polled();
    await advance(10_000);
    expect(polled()).toBe(afterPaid);
    expect(calls.find((c) => c.path === '/api/epay/checkPaymentStatus')?.body).toEqual({ orderKey: 'K1' });
  });

  test('a declined payment: the failure message, polling ended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const calls = mockFetch((c) =>
      c.path === '/api/epay/checkPaymentStatus' ? statusAnswer('failed') : undefined,
    );
    await renderAtPlace(<PaymentPage />, '/bistro/payment?orderKey=K1&result=cancel');
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Payment failed, please try again');
    const polled = calls.filter((c) => c.path === '/api/epay/checkPaymentStatus').length;
    await advance(10_000);
    expect(calls.filter((c) => c.path === '/api/epay/checkPaymentStatus').length).toBe(polled);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('a return the server cannot confirm (issue 24 #2): never "checking…" for ever', () => {
  test('signed out on this address: polling stops at the first refusal; sign in → asked again → paid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    useSessionStore.getState().setAuthToken(null);
    let signedIn = false;
    const calls = mockFetch((c) =>
      c.path === '/api/epay/checkPaymentStatus'
        ? signedIn
          ? statusAnswer('paid')
          : {
              status: 403,
              body: { code: 'card_payment_requires_login', message: 'login', details: {} },
            }
        : undefined,
    );
    await renderAtPlace(<PaymentPage />, '/bistro/payment?orderKey=K1&result=ok');
    await advance(0);
    expect(screen.getByTestId('payment-outcome').dataset.outcome).toBe('signedOut');
    expect(screen.getByRole('alert').textContent).toMatch(/not signed in on this page/);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    const polled = () => calls.filter((c) => c.path === '/api/epay/checkPaymentStatus').length;
    const before = polled();
    await advance(20_000);
    expect(polled()).toBe(before);
    // The guest signs in (the login dialog sets the account): the page asks again by itself.
    signedIn = true;
    await act(async () => {
      useSessionStore.getState().setAuthToken('user.token.x');
      useAccountStore.getState().setUser({ id: 7, email: 'guest@demo.test' } as never);
    });
    await advance(0);
    expect(screen.getByText('Payment successful')).toBeTruthy();
  });

  test('a provider that never answers: after 2 minutes the time-out message with Check again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let final = 'pending';
    mockFetch((c) => (c.path === '/api/epay/checkPaymentStatus' ? statusAnswer(final) : undefined));
    await renderAtPlace(<PaymentPage />, '/bistro/payment?orderKey=K1&result=ok');
    await advance(118_000);
    expect(screen.getByText('Checking the payment…', { selector: 'p' })).toBeTruthy();
    await advance(4_000);
    expect(screen.getByRole('alert').textContent).toMatch(/not received the payment confirmation yet/);
    final = 'paid';
    await act(async () => {
      screen.getByRole('button', { name: 'Check again' }).click();
    });
    await advance(0);
    expect(screen.getByText('Payment successful')).toBeTruthy();
  });
});

describe('One Touch (spec §4: processing state, start with the key and instrument)', () => {
  function oneTouch(answers: Record<string, () => { status: number; body: unknown }>) {
    return mockFetch(
      (c: Call) =>
        answers[c.path]?.() ??
        (c.path === '/api/epay/checkPaymentStatus' ? statusAnswer('pending') : undefined),
    );
  }

  test('a saved card: initiate with the instrument, poll the attempt until paid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    sessionStorage.setItem(PAYMENT_ORDER_KEY, 'K2');
    sessionStorage.setItem(PAYMENT_INSTRUMENT_KEY, '7');
    const states = ['pending', 'paid'];
    const calls = oneTouch({
      '/api/epay/initiateEpayOrderOneTouch': () => ({
        status: 200,
        body: { success: true, payload: { payment_status: 'pending', payment_key: '0000000042' } },
      }),
      '/api/epay/checkPaymentStatusOneTouch': () => ({
        status: 200,
        body: {
          success: true,
          payload: { payment_status: states.shift() ?? 'paid', payment_key: '0000000042' },
        },
      }),
    });
    await renderAtPlace(<PaymentPage />, '/bistro/payment');
    expect(screen.getByTestId('payment-processing')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/epay/initiateEpayOrderOneTouch')?.body).toEqual({
      orderKey: 'K2',
      payment_instrument: 7,
    });
    await advance(2_000);
    expect(screen.getByText('Payment successful')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/epay/checkPaymentStatusOneTouch').map((c) => c.body)).toEqual(
      [{ paymentKey: '0000000042' }, { paymentKey: '0000000042' }],
    );
    // Started once: the hand-over is gone.
    expect(sessionStorage.getItem(PAYMENT_ORDER_KEY)).toBeNull();
    expect(calls.filter((c) => c.path === '/api/epay/initiateEpayOrderOneTouch')).toHaveLength(1);
  });

  test('a declined card: "payment failed, please try again", the payment flag ended', async () => {
    sessionStorage.setItem(PAYMENT_ORDER_KEY, 'K3');
    sessionStorage.setItem(PAYMENT_INSTRUMENT_KEY, '8');
    oneTouch({
      '/api/epay/initiateEpayOrderOneTouch': () => ({
        status: 200,
        body: { success: true, payload: { payment_status: 'failed', payment_key: '0000000043' } },
      }),
    });
    await renderAtPlace(<PaymentPage />, '/bistro/payment');
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed, please try again');
    expect(screen.queryByTestId('payment-processing')).toBeNull();
  });

  test('an answer without a state → Възникна грешка при плащането', async () => {
    await usePaymentLanguage('bg');
    sessionStorage.setItem(PAYMENT_ORDER_KEY, 'K4');
    oneTouch({
      '/api/epay/initiateEpayOrderOneTouch': () => ({
        status: 200,
        body: { success: false, payload: { payment_key: '0000000044' } },
      }),
    });
    await renderAtPlace(<PaymentPage />, '/bistro/payment');
    expect((await screen.findByRole('alert')).textContent).toBe('Възникна грешка при плащането');
  });

  test('a new card goes to the provider page the server answers (red)', async () => {
    sessionStorage.setItem(PAYMENT_ORDER_KEY, 'K5');
    sessionStorage.setItem(PAYMENT_INSTRUMENT_KEY, '');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = oneTouch({
      '/api/epay/initiateEpayOrderOneTouch': () => ({
        status: 200,
        body: {
          success: true,
          payload: {
            payment_status: 'pending',
            payment_key: '0000000045',
            red: 'http://localhost:3999/xdev/mobile/api/payment/noreg/send?ID=0000000045',
          },
        },
      }),
    });
    await renderAtPlace(<PaymentPage />, '/bistro/payment');
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost:3999/xdev/mobile/api/payment/noreg/send?ID=0000000045',
      ),
    );
    expect(calls.find((c) => c.path === '/api/epay/initiateEpayOrderOneTouch')?.body).toEqual({
      orderKey: 'K5',
      payment_instrument: null,
    });
  });
});
