/** The table feature's texts (QR entry, waiter call, feedback) in the five languages. */
import type { FeatureBundleLoaders } from '../../../i18n/feature-bundles.ts';

export const tableBundle: FeatureBundleLoaders = {
  bg: () => import('./bg.json'),
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  'fr-CH': () => import('./fr-CH.json'),
};
