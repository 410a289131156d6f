/**
 * The payment feature's texts in the five languages, under `payments.` — not `payment.`, which the shared page
 * texts already use for the payment method names (i18n/pages).
 */
import type { FeatureBundleLoaders } from '../../../i18n/feature-bundles.ts';

export const paymentsBundle: FeatureBundleLoaders = {
  bg: () => import('./bg.json'),
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  'fr-CH': () => import('./fr-CH.json'),
};
