/** The cart feature's texts in the five languages, loaded with its chunk (i18n/feature-bundles.ts). */
import type { FeatureBundleLoaders } from '../../../i18n/feature-bundles.ts';

export const cartBundle: FeatureBundleLoaders = {
  bg: () => import('./bg.json'),
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  'fr-CH': () => import('./fr-CH.json'),
};
