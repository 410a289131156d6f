/**
 * Purchase tracking (spec §7: "purchase tracking events go to an ad analytics service on non-test hosts").
 * Designed: only when the venue set an analytics tag (setting `analytics_tag_id`, e.g. G-XXXX / AW-XXXX), only on a
 * non-test host (not localhost, 127.0.0.1, ::1, *.localhost, *.test) and only after the guest agreed in the consent
 * banner (choice kept in localStorage `analytics_consent`: 'granted' | 'denied'). The tag's script
 * (googletagmanager.com/gtag/js) loads lazily, the first time it is needed; nothing else contacts that host.
 */
import { TAG_SCRIPT_ORIGIN, analyticsTag } from '@trapeza/domain/analytics';
import { readJson, writeJson } from '../../../lib/storage.ts';

export const ANALYTICS_CONSENT_KEY = 'analytics_consent';
export type AnalyticsConsent = 'granted' | 'denied' | null;

const TAG_SCRIPT = `${TAG_SCRIPT_ORIGIN}/gtag/js?id=`;

/** Hosts of development and tests: never tracked. */
export function isTestHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === '' ||
    h === 'localhost' ||
    h === '127.0.0.1' ||
    h === '::1' ||
    h.endsWith('.localhost') ||
    h.endsWith('.test')
  );
}

/** The venue's tag id from the raw settings, if it is one. */
export function analyticsTagOf(raw: Record<string, { value?: unknown } | undefined>): string | null {
  return analyticsTag(raw.analytics_tag_id?.value);
}

export function readConsent(): AnalyticsConsent {
  const v = readJson<unknown>(ANALYTICS_CONSENT_KEY, null);
  return v === 'granted' || v === 'denied' ? v : null;
}

export function writeConsent(consent: 'granted' | 'denied'): void {
  writeJson(ANALYTICS_CONSENT_KEY, consent);
}

/** Whether the consent banner should ask: a tag is set, the host is real, and the guest has not chosen yet. */
export function shouldAskConsent(tag: string | null, hostname: string, consent: AnalyticsConsent): boolean {
  return tag !== null && !isTestHost(hostname) && consent === null;
}

/** Whether events may be sent: a tag, a real host and the guest's consent. */
export function trackingAllowed(
  tag: string | null,
  hostname: string,
  consent: AnalyticsConsent,
): tag is string {
  return tag !== null && !isTestHost(hostname) && consent === 'granted';
}

type Gtag = (...args: unknown[]) => void;
interface TagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

/** Loads the tag's script once and configures it; answers the gtag function. */
export function loadTag(tag: string, doc: Document = document, win: TagWindow = window as TagWindow): Gtag {
  if (!win.gtag) {
    win.dataLayer = win.dataLayer ?? [];
    const layer = win.dataLayer;
    // gtag.js reads the `arguments` objects it is given, as its own snippet pushes them.
    win.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments);
    };
    win.gtag('js', new Date());
  }
  if (!doc.querySelector(`script[data-analytics-tag="${tag}"]`)) {
    const script = doc.createElement('script');
    script.async = true;
    script.src = `${TAG_SCRIPT}${encodeURIComponent(tag)}`;
    script.dataset.analyticsTag = tag;
    doc.head.appendChild(script);
    win.gtag('config', tag);
  }
  return win.gtag;
}

export interface Purchase {
  key: string;
  /** Minor units. */
  total: number;
  currency: string;
  orderType: number;
}

/** Sends the purchase event when allowed (see the module comment); otherwise does nothing. */
export function trackPurchase(tag: string | null, purchase: Purchase, hostname = location.hostname): boolean {
  if (!trackingAllowed(tag, hostname, readConsent())) return false;
  loadTag(tag)('event', 'purchase', {
    transaction_id: purchase.key,
    value: purchase.total / 100,
    currency: purchase.currency,
    order_type: purchase.orderType,
  });
  return true;
}
