/** The platform console's texts (`t('platform.…')`) in the five languages, loaded with its chunk only. */
import type { FeatureBundleLoaders } from '../../../i18n/feature-bundles.ts';

export const platformBundle: FeatureBundleLoaders = {
  bg: () => import('./bg.json'),
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  de: () => import('./de.json'),
  'fr-CH': () => import('./fr-CH.json'),
};
