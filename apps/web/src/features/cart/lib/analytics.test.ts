/** Purchase tracking (spec §7): only with the venue's tag, on a non-test host, after consent; no host contacted. */
import { afterEach, describe, expect, test } from 'vitest';
import {
  ANALYTICS_CONSENT_KEY,
  analyticsTagOf,
  isTestHost,
  loadTag,
  shouldAskConsent,
  trackPurchase,
  trackingAllowed,
  writeConsent,
} from './analytics.ts';

type TagWindow = { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

afterEach(() => {
  localStorage.clear();
  document.head.querySelectorAll('script[data-analytics-tag]').forEach((s) => s.remove());
  delete (window as TagWindow).gtag;
  delete (window as TagWindow).dataLayer;
});

describe('analytics (spec §7 purchase tracking)', () => {
  test.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['demo.localhost', true],
    ['bistro.test', true],
    ['menu.trapeza.bg', false],
    ['bistro.example.com', false],
  ])('%s is a test host: %s', (host, expected) => {
    expect(isTestHost(host)).toBe(expected);
  });

  test('the tag comes from the analytics_tag_id setting, only in a tag id shape', () => {
    expect(analyticsTagOf({ analytics_tag_id: { value: ' G-ABC1234 ' } })).toBe('G-ABC1234');
    expect(analyticsTagOf({ analytics_tag_id: { value: '' } })).toBeNull();
    expect(analyticsTagOf({ analytics_tag_id: { value: '"><script>' } })).toBeNull();
    expect(analyticsTagOf({})).toBeNull();
  });

  test('consent is asked only with a tag, on a real host, before a choice', () => {
    expect(shouldAskConsent('G-ABC1234', 'menu.trapeza.bg', null)).toBe(true);
    expect(shouldAskConsent('G-ABC1234', 'localhost', null)).toBe(false);
    expect(shouldAskConsent(null, 'menu.trapeza.bg', null)).toBe(false);
    expect(shouldAskConsent('G-ABC1234', 'menu.trapeza.bg', 'denied')).toBe(false);
    expect(trackingAllowed('G-ABC1234', 'menu.trapeza.bg', 'granted')).toBe(true);
    expect(trackingAllowed('G-ABC1234', 'menu.trapeza.bg', 'denied')).toBe(false);
    expect(trackingAllowed('G-ABC1234', 'bistro.test', 'granted')).toBe(false);
  });

  const purchase = { key: 'k1', total: 2590, currency: 'BGN', orderType: 2 };

  test('no purchase event (and no script) without consent or on a test host', () => {
    expect(trackPurchase('G-ABC1234', purchase, 'menu.trapeza.bg')).toBe(false);
    writeConsent('granted');
    expect(trackPurchase('G-ABC1234', purchase, 'localhost')).toBe(false);
    expect(trackPurchase(null, purchase, 'menu.trapeza.bg')).toBe(false);
    writeConsent('denied');
    expect(trackPurchase('G-ABC1234', purchase, 'menu.trapeza.bg')).toBe(false);
    expect(document.querySelector('script[data-analytics-tag]')).toBeNull();
  });

  test('with consent on a real host: the tag loads once (lazily) and the purchase event is queued', () => {
    writeConsent('granted');
    expect(localStorage.getItem(ANALYTICS_CONSENT_KEY)).toBe('"granted"');
    expect(trackPurchase('G-ABC1234', purchase, 'menu.trapeza.bg')).toBe(true);
    expect(trackPurchase('G-ABC1234', { ...purchase, key: 'k2' }, 'menu.trapeza.bg')).toBe(true);
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-analytics-tag]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC1234');
    const layer = ((window as TagWindow).dataLayer ?? []).map((args) =>
      Array.from(args as ArrayLike<unknown>),
    );
    expect(layer.map((a) => a[0])).toEqual(['js', 'config', 'event', 'event']);
    expect(layer[2]).toEqual([
      'event',
      'purchase',
      { transaction_id: 'k1', value: 25.9, currency: 'BGN', order_type: 2 },
    ]);
    expect(loadTag('G-ABC1234')).toBe((window as TagWindow).gtag);
  });
});
